import { describe, expect, it } from "vitest";
import { formatNote, noteMarker, tagText } from "./note.ts";
import { backoffMs } from "./worker.ts";

describe("job backoff", () => {
  const options = { backoffBaseMs: 1000, backoffMaxMs: 60_000 };
  it("doubles per attempt with jitter in [1, 2) and stays under the cap", () => {
    expect(backoffMs(1, options, () => 0)).toBe(1000);
    expect(backoffMs(1, options, () => 0.999)).toBe(1999);
    expect(backoffMs(3, options, () => 0)).toBe(4000);
    expect(backoffMs(3, options, () => 0.5)).toBe(6000);
    expect(backoffMs(20, options, () => 0.5)).toBe(60_000);
  });
});

describe("the note", () => {
  const scored = {
    matchId: "0b7c2f5e-3d1a-5c4b-9e8f-1a2b3c4d5e6f",
    score: 81.64,
    jobTitle: "Senior Backend Engineer",
    candidateName: "Alex Morgan",
    candidateId: "c1",
    atsJobId: "j1",
    strengths: ["Python", "PostgreSQL", "Docker", "Kubernetes", "AWS", "Terraform"],
    gaps: ["Kafka"],
    warnings: [],
    scoredAt: "2026-06-01T12:00:00Z",
  };

  it("carries score, at most five strengths, gaps, the link and the marker that makes it findable", () => {
    const note = formatNote(scored, "https://winnow.example.com/v1/match-insights/x");
    expect(note.split("\n")[0]).toBe("Winnow screening: 82/100 for Senior Backend Engineer");
    expect(note).toContain("Strengths:\n- Python\n- PostgreSQL\n- Docker\n- Kubernetes\n- AWS\n\nGaps:\n- Kafka");
    expect(note).not.toContain("Terraform");
    expect(note).toContain("Details: https://winnow.example.com/v1/match-insights/x");
    expect(note.endsWith(noteMarker(scored.matchId))).toBe(true);
  });

  it("says when the resume could not be used", () => {
    expect(formatNote({ ...scored, gaps: [], warnings: ["screened without a resume (none attached)"] }, undefined)).toContain("Note: screened without a resume");
  });

  it("fills the score into tag templates", () => {
    expect(tagText("Winnow {score}", 81.64)).toBe("Winnow 82");
    expect(tagText("Winnow screened", 81.64)).toBe("Winnow screened");
  });
});
