import { describe, expect, it } from "vitest";
import { fixtureContext } from "../__fixtures__/catalogue.ts";
import { analyseCandidate } from "../engine/candidate.ts";
import { analyseJob } from "../engine/job.ts";
import { KIN_FLOOR, KIN_FULL_OVERLAP, RELATED_ROLE_CREDIT, relatedRoleCredit, weightedYears } from "./blocks.ts";

const ctx = fixtureContext();
const NOW = new Date(Date.UTC(2025, 5, 15));
const job = analyseJob("Software Engineer\nRequirements\n- Python", ctx);
const held = (title: string) => analyseCandidate(`Experience\n${title}, Acme, 2020 – 2024`, ctx, NOW).experience.positions[0]!;

describe("related-role credit", () => {
  it("grades a title of the posting's career group by the share of the posting title's skills it shares", () => {
    // Software Engineer: Python, Java, Go, Git, SQL, Docker. Backend Engineer shares three, Engineering Manager Git.
    const overlapOf = (name: string) => job.title.kin.find((k) => k.id === held(name).titleId)?.overlap;
    expect(overlapOf("Backend Engineer")).toBe(0.5);
    expect(overlapOf("Engineering Manager")).toBeCloseTo(1 / 6, 3);
    expect(relatedRoleCredit(job, held("Backend Engineer"))).toBe(RELATED_ROLE_CREDIT);
    const manager = relatedRoleCredit(job, held("Engineering Manager"));
    expect(manager).toBeCloseTo(RELATED_ROLE_CREDIT * (KIN_FLOOR + (1 - KIN_FLOOR) * (1 / 6 / KIN_FULL_OVERLAP)), 3);
    expect(manager).toBeLessThan(RELATED_ROLE_CREDIT);
  });

  it("never falls below the floor for a title of the same career group that shares no skill", () => {
    expect(job.title.kin.some((k) => k.id === held("Frontend Developer").titleId)).toBe(false);
    expect(relatedRoleCredit(job, held("Frontend Developer"))).toBe(RELATED_ROLE_CREDIT * KIN_FLOOR);
  });
});

describe("recency-weighted years", () => {
  const positions = (text: string) => analyseCandidate(`Experience\n${text}`, ctx, NOW).experience.positions;
  const asOf = "2025-06";

  it("counts a current position in full, however long ago it began", () => {
    // Jul 2020 – Jun 2025 inclusive: 60 months.
    expect(weightedYears(positions("Software Engineer, Acme, Jul 2020 – Present"), asOf)).toBeCloseTo(5, 6);
    expect(weightedYears(positions("Software Engineer, Acme, Jul 2005 – Present"), asOf)).toBeCloseTo(20, 6);
  });

  it("weighs a position by how long ago it ended: six years that ended over ten years ago count as three", () => {
    expect(weightedYears(positions("Software Engineer, Acme, Jan 2005 – Dec 2010"), asOf)).toBeCloseTo(3, 6);
  });

  it("counts overlapping months once, for the position that weighs most", () => {
    const both = positions("Software Engineer, Acme, Jan 2005 – Dec 2010\nSoftware Engineer, Beta, Jan 2010 – Present");
    // Beta: Jan 2010 – Jun 2025, 186 months in full; Acme adds Jan 2005 – Dec 2009, 60 months at half.
    expect(weightedYears(both, asOf)).toBeCloseTo((186 + 30) / 12, 6);
  });
});
