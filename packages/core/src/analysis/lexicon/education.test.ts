import { describe, expect, it } from "vitest";
import { fixtureContext } from "../__fixtures__/catalogue.ts";
import { extractCandidateEducation, extractJobEducation } from "../extraction/education.ts";
import { scanText } from "../extraction/scan.ts";
import { JOB_SECTIONS, RESUME_SECTIONS } from "../text/headings.ts";

const ctx = fixtureContext();
const NOW = new Date(Date.UTC(2025, 5, 15));
const job = (text: string) => extractJobEducation(scanText(text, JOB_SECTIONS, ctx.catalogue));
const candidate = (text: string) => extractCandidateEducation(scanText(text, RESUME_SECTIONS, ctx.catalogue), NOW).education;

describe("degree initials that are also other things", () => {
  it("reads MSME and MSCS as degrees only where they are one", () => {
    // Micro, small and medium enterprises; Microsoft Cluster Service.
    expect(job("Requirements\n- 3+ years of credit appraisal experience in MSME lending").degrees).toEqual([]);
    expect(job("Requirements\n- Experience with MSCS failover clustering").degrees).toEqual([]);
    expect(job("Requirements\n- BSME required; MSME or MSEE preferred").degrees).toEqual([
      { level: "bachelor", strength: "must" },
      { level: "master", strength: "nice" },
    ]);
    const held = candidate("Education\nMSME, Purdue University, 2016\nBSME, Purdue University, 2014");
    expect(held.level).toBe("master");
    expect(held.fields.map((f) => f.name)).toEqual(["Mechanical Engineering"]);
  });
});
