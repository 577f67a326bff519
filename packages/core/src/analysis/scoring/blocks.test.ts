import { describe, expect, it } from "vitest";
import { fixtureContext } from "../__fixtures__/catalogue.ts";
import { analyseCandidate } from "../engine/candidate.ts";
import { analyseJob } from "../engine/job.ts";
import { KIN_FLOOR, KIN_FULL_OVERLAP, RELATED_ROLE_CREDIT, relatedRoleCredit } from "./blocks.ts";

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
