import { describe, expect, it } from "vitest";
import { fixtureContext } from "../__fixtures__/catalogue.ts";
import { scanText } from "../extraction/scan.ts";
import { JOB_SECTIONS } from "../text/headings.ts";
import { cultureSignals } from "./signals.ts";

const ctx = fixtureContext();
const counts = (text: string) => cultureSignals(scanText(text, JOB_SECTIONS, ctx.catalogue).lexicon);

describe("cultureSignals", () => {
  it("counts each cue once however often and however it is written", () => {
    const s = counts("Fast-paced and results-driven. Fast paced! RESULTS DRIVEN. We celebrate wins.");
    expect(s.counts.results).toBe(3); // fast-paced, results-driven, win
    expect(s.counts.enjoyment).toBe(1); // celebrate
    expect(s.total).toBe(4);
  });

  it("does not read stock phrases or longer terms as culture cues", () => {
    const s = counts("Competitive salary. Machine learning in a production environment.");
    expect(s.total).toBe(0);
  });
});
