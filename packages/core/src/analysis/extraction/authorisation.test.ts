import { describe, expect, it } from "vitest";
import { fixtureContext } from "../__fixtures__/catalogue.ts";
import { analyseCandidate } from "../engine/candidate.ts";
import { analyseJob } from "../engine/job.ts";
import { scoreMatch } from "../index.ts";
import { authorisationGap, WORK_AUTHORISATION_WEIGHT } from "../scoring/blocks.ts";
import { JOB_SECTIONS } from "../text/headings.ts";
import { extractJobAuthorisation } from "./authorisation.ts";
import { scanText } from "./scan.ts";

const ctx = fixtureContext();
const NOW = new Date("2026-11-01T00:00:00Z");
const POSTING_BODY = [
  "Requirements",
  "- Bachelor's degree in Mechanical Engineering",
  "- 3+ years of mechanical design in SolidWorks",
  "- GD&T per ASME Y14.5",
  "",
  "What we offer",
  "Medical, dental, 401(k) and 15 days PTO.",
  "",
];
const job = (...tail: string[]) => analyseJob(["Mechanical Design Engineer", "", ...POSTING_BODY, ...tail].join("\n"), ctx);
const resume = (header: string, ...tail: string[]) =>
  [
    "Jordan Example",
    "Grand Rapids, MI | 616-555-0100 | jordan@example.com",
    header,
    "",
    "Experience",
    "Mechanical Design Engineer | Northgate Fluid Technologies | Sep 2020 - Present",
    "- Design pump housings and manifolds in SolidWorks; drawings with GD&T per ASME Y14.5",
    ...tail,
    "",
    "Education",
    "BS, Mechanical Engineering, Michigan State University, 2020",
  ].join("\n");
const candidate = (header: string, ...tail: string[]) => analyseCandidate(resume(header, ...tail), ctx, NOW);
const statuses = (header: string, ...tail: string[]) => (candidate(header, ...tail).workAuthorisation ?? []).map((s) => [s.status, s.country]);

describe("posting: work authorisation and sponsorship", () => {
  it("reads authorisation and no sponsorship over a wrapped line, after an EEO sentence and the benefits", () => {
    const j = job(
      "Halvard Dosing Systems is an equal opportunity employer. Applicants must be authorized to work in the United",
      "States; we are unable to sponsor visas for this role.",
    );
    expect(j.workAuthorisation).toMatchObject({ country: "United States", noSponsorship: true });
    expect(j.workAuthorisation?.evidence.snippet).toBe("Applicants must be authorized to work in the United States; we are unable to sponsor visas for this role.");
  });

  it("reads the common wordings", () => {
    expect(job("Candidates must be legally authorized to work in the United States.").workAuthorisation).toMatchObject({ country: "United States", noSponsorship: false });
    expect(job("We are unable to sponsor or take over sponsorship of an employment visa at this time.").workAuthorisation).toMatchObject({ noSponsorship: true });
    expect(job("No visa sponsorship available.").workAuthorisation).toMatchObject({ country: null, noSponsorship: true });
    expect(job("US work authorization required.").workAuthorisation).toMatchObject({ country: "United States" });
    expect(job("You must have the right to work in the UK.").workAuthorisation).toMatchObject({ country: "United Kingdom" });
  });

  it("asks nothing of a posting that sponsors, states only EEO boilerplate, or sponsors an event", () => {
    expect(job("Visa sponsorship available for the right candidate.").workAuthorisation).toBeNull();
    expect(job("Applicants must be authorized to work in the US. We sponsor H-1B visas.").workAuthorisation).toBeNull();
    expect(
      job("We are an equal opportunity employer: all qualified applicants receive consideration regardless of race, national origin or citizenship status.").workAuthorisation,
    ).toBeNull();
    expect(job("We do not discriminate on the basis of citizenship or immigration status.").workAuthorisation).toBeNull();
    expect(job("Each spring the team sponsors the regional FIRST Robotics competition.").workAuthorisation).toBeNull();
    // Hours, a welding permit and checks of others are no authorisation asked for.
    expect(job("Must be eligible to work overtime and weekends during shutdowns.").workAuthorisation).toBeNull();
    expect(job("Hot work permit required for all welding in the plant.").workAuthorisation).toBeNull();
    expect(job("Conduct right to work checks for all new starters.").workAuthorisation).toBeNull();
    // "work for us" is no country.
    expect(job("Applicants must be eligible to work for us on site three days a week.").workAuthorisation?.country ?? null).toBeNull();
  });
});

describe("résumé: the candidate's own statements", () => {
  it("reads a stated need for sponsorship and a status that will need it", () => {
    expect(statuses("Work authorization: F-1 STEM OPT (valid to Aug 2027); will require H-1B visa sponsorship")).toEqual([
      ["temporary", null],
      ["needs-sponsorship", null],
    ]);
    expect(statuses("Requires H-1B sponsorship")).toEqual([["needs-sponsorship", null]]);
    expect(statuses("Will need visa sponsorship")).toEqual([["needs-sponsorship", null]]);
    expect(statuses("Will require sponsorship now or in the future")).toEqual([["needs-sponsorship", null]]);
    expect(statuses("Current H-1B holder (transfer required)")).toEqual([["temporary", null]]);
    expect(statuses("F-1 OPT, STEM extension through 2027")).toEqual([["temporary", null]]);
  });

  it("reads authorisation, and a need for none, as no need", () => {
    expect(statuses("Authorized to work in the US (no sponsorship required)")).toEqual([
      ["authorised", "United States"],
      ["needs-no-sponsorship", null],
    ]);
    expect(statuses("US permanent resident")).toEqual([["authorised", "United States"]]);
    expect(statuses("EU citizen — no UK right to work")).toEqual([["not-authorised", "United Kingdom"]]);
  });

  it("quotes the statement alone, not the rest of the header line it shares", () => {
    const quotes = (header: string) => (candidate(header).workAuthorisation ?? []).map((s) => s.evidence.snippet);
    expect(quotes("Chicago, IL (relocated from Lyon, France in 2024) - US permanent resident")).toEqual(["US permanent resident"]);
    expect(quotes("Moved from Pune in 2023 | Requires H-1B sponsorship")).toEqual(["Requires H-1B sponsorship"]);
    expect(quotes("Permanent resident of the US.")).toEqual(["Permanent resident of the US."]);
  });

  it("never reads nationality, and reads no one else's sponsorship", () => {
    expect(statuses("Indian citizen, born in Pune")).toEqual([]);
    expect(statuses("Mexican national")).toEqual([]);
    expect(statuses("", "- Sponsored the company's hackathon and chaired the judging panel")).toEqual([]);
    expect(statuses("Sponsorship Manager with 6 years in partner programs")).toEqual([]);
    expect(statuses("", "- Processed H-1B transfers and OPT paperwork for 40 employees requiring visa sponsorship")).toEqual([]);
    expect(statuses("", "", "Skills", "I-9 and E-Verify, H-1B status tracking, employees requiring sponsorship")).toEqual([]);
    expect(statuses("Seeking sponsorship for the annual charity gala as events lead")).toEqual([]);
    expect(statuses("Summary: supported international hires requiring visa sponsorship as an HR partner")).toEqual([]);
    // "OPT" in other senses, and "opt" the verb.
    expect(statuses("Skills: OPT-based process optimisation, opt-in email programs, OPT (Operational Planning Tool)")).toEqual([]);
  });
});

describe("review: other people's cases, a past status, a list's quote", () => {
  it("reads no status from an HR or immigration professional's summary of the cases they handle", () => {
    const summary = (text: string) => statuses("", "", "Summary", text);
    expect(summary("Paralegal experienced in employment-based immigration: H-1B visa holder transfers, green card petitions, PERM.")).toEqual([]);
    expect(summary("Immigration attorney handling green card and permanent resident applications.")).toEqual([]);
    expect(statuses("", "", "Certifications", "PHR; specialised in H-1B transfer compliance")).toEqual([]);
    // The writer's own status, in the same section, is still read.
    expect(summary("Paralegal, 6 years in immigration law. Current H-1B holder (transfer required).")).toEqual([["temporary", null]]);
  });

  it("reads a status held before and no longer as no need", () => {
    expect(statuses("Previously on H-1B, now a US permanent resident")).toEqual([["authorised", "United States"]]);
    expect(statuses("Former F-1 OPT; green card holder since 2024")).toEqual([["authorised", null]]);
    // Held now, it still is one.
    expect(statuses("Currently on H-1B; will need a transfer")).toEqual([["temporary", null]]);
    const posting = job("Applicants must be authorized to work in the United States; we are unable to sponsor visas for this role.");
    expect(authorisationGap(posting, candidate("Previously on H-1B, now a US permanent resident"))).toBeNull();
  });

  it("reads no visa in a posting's sponsorship of training, tuition, a relocation or an event", () => {
    expect(job("Valid Class A CDL. We do not sponsor CDL school for applicants without a license.").workAuthorisation).toBeNull();
    expect(job("We do not sponsor continuing education credits for candidates in their first year.").workAuthorisation).toBeNull();
    expect(job("Note: tuition sponsorship is not available for this role.").workAuthorisation).toBeNull();
    expect(job("Relocation sponsorship is not available for this position.").workAuthorisation).toBeNull();
    // A visa named beside them, or nothing sponsored named, is still a visa's.
    expect(job("We do not sponsor visas, relocation or CDL school for this role.").workAuthorisation).toMatchObject({ noSponsorship: true });
    expect(job("This position is not eligible for visa sponsorship.").workAuthorisation).toMatchObject({ noSponsorship: true });
    expect(job("This role does not offer sponsorship.").workAuthorisation).toMatchObject({ noSponsorship: true });
  });

  it("reads a posting of many no-sponsorship statements without a blank line in linear time", () => {
    const scan = scanText(`Engineer\n\nRequirements\n${"no visa sponsorship ".repeat(5_000)}`, JOB_SECTIONS, ctx.catalogue);
    const t = performance.now();
    expect(extractJobAuthorisation(scan)?.noSponsorship).toBe(true);
    expect(performance.now() - t).toBeLessThan(2_000);
  });

  it("quotes the requirement's own bullet, not the heading and the bullets above it", () => {
    const listed = analyseJob("Store Manager\n\nRequirements\n- Must be able to work weekends\n- Must be eligible to work in the US.\n", ctx);
    expect(listed.workAuthorisation?.evidence.snippet).toBe("Must be eligible to work in the US.");
  });
});

describe("scoring: a stated need against a posting that will not sponsor", () => {
  const posting = job("Applicants must be authorized to work in the United States; we are unable to sponsor visas for this role.");
  const score = (header: string) => scoreMatch(posting, candidate(header), { candidateName: "", postedDate: NOW }, ctx);

  it("is a must-have gap weighing like a state licence, with the words of both", () => {
    const needs = score("Work authorization: F-1 STEM OPT (valid to Aug 2027); will require H-1B visa sponsorship");
    const silent = score("");
    const gaps = needs.recommendation_insights.context_summary.requirement_gaps;
    expect(gaps).toContain("Work authorisation in the United States, no visa sponsorship");
    expect(silent.recommendation_insights.context_summary.requirement_gaps).not.toContain("Work authorisation in the United States, no visa sponsorship");
    expect(needs.match_score).toBeLessThan(silent.match_score);
    expect(needs.summary.areas_for_improvement[0]).toBe(
      'The candidate states "will require H-1B visa sponsorship", and the posting requires work authorisation in the United States, no visa sponsorship: "Applicants must be authorized to work in the United States; we are unable to sponsor visas for this role".',
    );
    expect(needs.summary.areas_for_improvement[0]).toContain("we are unable to sponsor visas");
    expect(WORK_AUTHORISATION_WEIGHT).toBe(4);
  });

  it("leaves silence, authorisation and another country's statement exactly where they were", () => {
    const silent = score("").match_score;
    expect(score("Authorized to work in the US (no sponsorship required)").match_score).toBe(silent);
    expect(score("US permanent resident").match_score).toBe(silent);
    expect(score("EU citizen — no UK right to work").match_score).toBe(silent);
  });

  it("reads F-1 OPT as a gap only where the posting states it will not sponsor", () => {
    const onlyAuthorised = job("Applicants must be authorized to work in the United States.");
    expect(authorisationGap(onlyAuthorised, candidate("F-1 OPT, STEM extension through 2027"))).toBeNull();
    expect(authorisationGap(onlyAuthorised, candidate("Requires H-1B sponsorship"))?.status).toBe("needs-sponsorship");
    expect(authorisationGap(posting, candidate("F-1 OPT, STEM extension through 2027"))?.status).toBe("temporary");
  });

  it("is no gap for anyone when the posting sponsors", () => {
    const sponsors = job("Visa sponsorship available; we sponsor H-1B visas.");
    expect(authorisationGap(sponsors, candidate("Requires H-1B sponsorship"))).toBeNull();
    expect(authorisationGap(sponsors, candidate("Authorized to work in the US"))).toBeNull();
  });

  it("stays fast on a 100,000-character text", () => {
    const long = "Applicants must be authorized to work ".repeat(2_600) + "sponsor ".repeat(500);
    const t = performance.now();
    analyseJob(`Engineer\n\n${long}`, ctx);
    analyseCandidate(`Jordan Example\n${long}`, ctx, NOW);
    expect(performance.now() - t).toBeLessThan(3_000);
  });
});
