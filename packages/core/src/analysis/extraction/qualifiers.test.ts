import { describe, expect, it } from "vitest";
import { fixtureContext } from "../__fixtures__/catalogue.ts";
import { analyseCandidate } from "../engine/candidate.ts";
import { analyseJob } from "../engine/job.ts";
import { LAPSED_CREDENTIAL_CREDIT, PENDING_CREDENTIAL_CREDIT } from "../scoring/blocks.ts";
import { scoreMatch } from "../scoring/match.ts";
import { strongestStatus } from "./qualifiers.ts";

const ctx = fixtureContext();
const NOW = new Date(Date.UTC(2025, 5, 15));
const CERT = "AWS Certified Solutions Architect";
const status = (text: string) => analyseCandidate(text, ctx, NOW).skills.find((s) => s.name === CERT)?.status;

describe("credential qualifiers", () => {
  it("reads a credential as pending, lapsed or held from its own list item", () => {
    expect(status(`Certifications\n${CERT} (exam scheduled for March 2026)`)).toBe("pending");
    expect(status(`Certifications\nWorking toward the ${CERT}`)).toBe("pending");
    expect(status(`Certifications\n${CERT}, expired 2021`)).toBe("lapsed");
    expect(status(`Certifications\n${CERT} (2022)`)).toBe("held");
    expect(status(`Certifications\n${CERT} exam passed, active since 2022`)).toBe("held");
    // A passed exam, or a renewal under way, is of a credential held; some of its exams passed is not.
    expect(status(`Certifications\n${CERT} (exam passed 2022)`)).toBe("held");
    expect(status(`Certifications\nPassed the ${CERT} exam, 2022`)).toBe("held");
    expect(status(`Certifications\n${CERT}, renewal pending`)).toBe("held");
    expect(status(`Certifications\n${CERT}, passed 2 of 3 exams`)).toBe("pending");
    expect(status(`Certifications\n${CERT}: passed the first of three exams`)).toBe("pending");
    // The qualifier of the next item is not this one's.
    expect(status(`Certifications\n${CERT}, CKA (pending)`)).toBe("held");
  });

  it("quotes a qualified credential where its qualifier is written", () => {
    const skill = analyseCandidate(`Certifications\n${CERT} (pending)\nSummary\nArchitect, ${CERT} expired in 2019`, ctx, NOW).skills.find(
      (s) => s.name === CERT,
    )!;
    expect(skill.status).toBe("lapsed");
    expect(skill.evidence.snippet).toContain("expired in 2019");
  });

  it("takes one plain statement of the credential over a qualified one", () => {
    expect(strongestStatus(["pending", "held"])).toBe("held");
    expect(strongestStatus(["pending", "lapsed"])).toBe("lapsed");
    expect(strongestStatus(["pending"])).toBe("pending");
  });

  it("gives a qualified credential partial credit and says why", () => {
    const job = analyseJob(`Requirements\n- ${CERT}`, ctx);
    const skills = (text: string) =>
      scoreMatch(job, analyseCandidate(text, ctx, NOW), { candidateName: "A", postedDate: NOW }, ctx).recommendation_insights.analysed_skills;
    const pending = skills(`Certifications\n${CERT} (pending)`);
    expect(pending.layer_two_score).toBeCloseTo(PENDING_CREDENTIAL_CREDIT, 4);
    expect(pending.unmatched_attributes).toEqual([`${CERT} (not held yet)`]);
    expect(skills(`Certifications\n${CERT} (lapsed)`).layer_two_score).toBeCloseTo(LAPSED_CREDENTIAL_CREDIT, 4);
    expect(skills(`Certifications\n${CERT}`).layer_two_score).toBe(1);
  });
});
