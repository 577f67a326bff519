import { describe, expect, it } from "vitest";
import { ADVISORY_STATEMENT } from "@winnow/core/analysis/index";
import { formatNote, noteMarker } from "./note.ts";

describe("formatNote", () => {
  it("states that the score is advisory before the link and the marker", () => {
    const scored = {
      matchId: "m-1",
      score: 64.2,
      jobTitle: "Data Engineer",
      candidateName: "Sam",
      candidateId: "c",
      atsJobId: "j",
      strengths: ["SQL"],
      gaps: [],
      warnings: [],
      scoredAt: "2026-01-01T00:00:00.000Z",
    };
    const lines = formatNote(scored, "https://winnow.example.com/v1/match-insights/m-1").split("\n");
    const advisory = lines.indexOf(ADVISORY_STATEMENT);
    expect(advisory).toBeGreaterThan(0);
    expect(advisory).toBeLessThan(lines.indexOf("Details: https://winnow.example.com/v1/match-insights/m-1"));
    expect(lines.at(-1)).toBe(noteMarker("m-1"));
    expect(formatNote(scored, undefined)).toContain(`\n\n${ADVISORY_STATEMENT}\n\n${noteMarker("m-1")}`);
  });
});
