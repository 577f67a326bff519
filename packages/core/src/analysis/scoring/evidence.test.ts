import { describe, expect, it } from "vitest";
import { fixtureContext } from "../__fixtures__/catalogue.ts";
import { analyseCandidate } from "../engine/candidate.ts";
import { analyseJob } from "../engine/job.ts";
import { readLevels } from "../extraction/titles.ts";
import { LISTED_SKILL_CREDIT, NEAR_LEVEL_CREDIT, PROJECT_SKILL_CREDIT, RELATED_ROLE_CREDIT, SENIORITY_WEIGHT, relevantPositions } from "./blocks.ts";
import { scoreMatch } from "./match.ts";
import { FLOOR_AFTER_YEARS, RECENCY_FLOOR, RECENT_YEARS, recencyWeight } from "./recency.ts";
import { BLOCK_WEIGHTS, NICE_ONLY_BLOCK_SHARE } from "./weights.ts";

const ctx = fixtureContext();
const NOW = new Date(Date.UTC(2025, 5, 15));
const match = (jobText: string, resume: string) =>
  scoreMatch(analyseJob(jobText, ctx), analyseCandidate(resume, ctx, NOW), { candidateName: "Ada", postedDate: NOW }, ctx);
const skills = (jobText: string, resume: string) => match(jobText, resume).recommendation_insights.analysed_skills;

describe("recency weighting", () => {
  it("keeps recent experience whole and fades older experience linearly to a floor", () => {
    expect(recencyWeight(0)).toBe(1);
    expect(recencyWeight(RECENT_YEARS)).toBe(1);
    expect(recencyWeight((RECENT_YEARS + FLOOR_AFTER_YEARS) / 2)).toBeCloseTo((1 + RECENCY_FLOOR) / 2, 6);
    expect(recencyWeight(FLOOR_AFTER_YEARS)).toBe(RECENCY_FLOOR);
    expect(recencyWeight(40)).toBe(RECENCY_FLOOR);
    for (let age = 0; age < 20; age += 0.5) expect(recencyWeight(age + 0.5)).toBeLessThanOrEqual(recencyWeight(age));
  });
});

describe("skill evidence", () => {
  const job = "Requirements\n- Python";

  it("gives full credit to a skill used in a recent dated position", () => {
    expect(skills(job, "Experience\nSoftware Engineer, Acme, 2022 – Present\n- Python services").layer_two_score).toBe(1);
  });

  it("gives a listed-only skill (skills list, summary) partial credit and says why", () => {
    const block = skills(job, "Summary\nPython enthusiast\nSkills\nPython, Go");
    expect(block.layer_two_score).toBe(LISTED_SKILL_CREDIT);
    expect(block.unmatched_attributes).toEqual(["Python (listed, not shown in work history)"]);
  });

  it("ranks work above projects above a list for the same skill", () => {
    const work = skills(job, "Experience\nAcme, 2023 – 2025\n- Python").layer_two_score;
    const project = skills(job, "Projects\nWeather bot in Python").layer_two_score;
    const listed = skills(job, "Skills: Python").layer_two_score;
    expect([work, project, listed]).toEqual([1, PROJECT_SKILL_CREDIT, LISTED_SKILL_CREDIT]);
  });

  it("weights a skill last used long ago by its age", () => {
    const block = skills(job, "Experience\nSoftware Engineer, Acme, 2005 – 2012\n- Python and Django\nProject Manager, Beta, 2012 – Present");
    expect(block.layer_two_score).toBe(RECENCY_FLOOR);
    expect(block.unmatched_attributes).toEqual(["Python (last used 2012)"]);
  });

  it("treats certifications and languages as evidenced by being stated", () => {
    const block = skills("Requirements\n- AWS Certified Solutions Architect\n- German", "Certifications\nAWS Certified Solutions Architect\nLanguages\nGerman");
    expect(block.layer_two_score).toBe(1);
  });

  it("does not count a negated mention", () => {
    const candidate = analyseCandidate("Experience\nAcme, 2020 – 2024\n- Python services; no experience with Java. Never used Kubernetes", ctx, NOW);
    expect(candidate.skills.map((s) => s.name)).toEqual(["Python"]);
  });
});

describe("choices in a posting", () => {
  it("reads 'X or Y' as one requirement met by either", () => {
    const job = analyseJob("Requirements\n- Strong Python or Go\n- Docker, Git and Linux", ctx);
    expect(job.skills.map((s) => [s.name, ...s.alternatives.map((a) => a.name)].join(" | "))).toEqual(["Python | Go", "Docker", "Git", "Linux"]);
    const block = skills("Requirements\n- Strong Python or Go", "Experience\nAcme, 2022 – 2025\n- Go services");
    expect(block.matched_attributes).toEqual(["Python or Go (as Go)"]);
  });

  it("reads the skills of a bracket that offers a choice as one requirement, as firm as its firmest mention", () => {
    const job = analyseJob("Requirements\n- A major cloud (AWS preferred; Kubernetes or Docker is fine)", ctx);
    expect(job.skills).toHaveLength(1);
    expect(job.skills[0]!.strength).toBe("must");
    expect([job.skills[0]!.name, ...job.skills[0]!.alternatives.map((a) => a.name)]).toEqual(["Amazon Web Services", "Kubernetes", "Docker"]);
  });
});

describe("relevant experience", () => {
  const job = "Backend Engineer\nRequirements\n- 4+ years of experience\n- Python\n- PostgreSQL";

  it("counts years in the posting's career group and in positions that use its skills, not other work", () => {
    const years = (resume: string) => match(job, resume).recommendation_insights.analysed_experience;
    const other = years("Experience\nAccountant, Smith & Co, 2019 – 2025\n- Bookkeeping");
    expect(other.unmatched_attributes[0]).toBe("4+ years of experience (found 0 years relevant, recency-weighted, of 6 years in total)");
    const bySkills = years("Experience\nAnalyst, Data Co, Jan 2021 – Present\n- Python and PostgreSQL reporting");
    expect(bySkills.matched_attributes.find((a) => a.startsWith("4+ years"))).toMatch(/^4\+ years of experience \(found 4\.\d years relevant, recency-weighted, of 4\.\d years in total\)$/u);
  });

  it("leaves internships out of the professional years, saying so, and why when the posting asks it", () => {
    const resume = "Experience\nSoftware Engineer Intern, Acme, Jan 2021 – Dec 2022\n- Python and PostgreSQL\nBackend Engineer, Beta, Jan 2023 – Present\n- Python";
    const years = (jobText: string) =>
      match(jobText, resume).recommendation_insights.analysed_experience.unmatched_attributes.find((a) => a.startsWith("4+ years"));
    expect(years(job)).toMatch(/found 2\.5 years relevant.*internships and student work left out\)$/u);
    expect(years(job.replace("- 4+ years of experience", "- 4+ years of experience (internships don't count towards this)"))).toMatch(
      /found 2\.5 years relevant.*internships and student work left out as the posting asks\)$/u,
    );
  });

  it("weights old relevant years by their age", () => {
    const exp = match(job, "Experience\nBackend Engineer, Acme, 2005 – 2011\n- Python\nProject Manager, Beta, 2011 – Present")
      .recommendation_insights.analysed_experience;
    // Six years that ended fourteen years ago weigh RECENCY_FLOOR each.
    expect(exp.unmatched_attributes).toContain("4+ years of experience (found 3 years relevant, recency-weighted, of 20 years in total)");
    expect(exp.unmatched_attributes).toContain("Experience as Backend Engineer (last held 2011)");
  });
});

describe("level fit", () => {
  it("marks a people leader as above a role without seniority, and reads 'Staff' by profession", () => {
    const job = "Software Engineer\nRequirements\n- Python";
    const leader = match(job, "Experience\nEngineering Manager, Acme, 2020 – Present\n- Python").recommendation_insights.analysed_experience;
    expect(leader.unmatched_attributes).toContain("Mid-level role in Software Development (latest level: Manager, above this role)");
    // A related role earns between half of RELATED_ROLE_CREDIT and all of it, by how many skills the titles share.
    const level = SENIORITY_WEIGHT * NEAR_LEVEL_CREDIT;
    expect(leader.layer_two_score).toBeGreaterThanOrEqual((RELATED_ROLE_CREDIT / 2 + level) / (1 + SENIORITY_WEIGHT) - 1e-4);
    expect(leader.layer_two_score).toBeLessThanOrEqual((RELATED_ROLE_CREDIT + level) / (1 + SENIORITY_WEIGHT) + 1e-4);
    const peer = match(job, "Experience\nSenior Software Engineer, Acme, 2020 – Present\n- Python").recommendation_insights.analysed_experience;
    expect(peer.matched_attributes).toContain("Mid-level role in Software Development (latest level: Senior)");
    // "Staff" is a level above senior on engineering ladders only.
    expect(readLevels(ctx, "Staff Accountant")).toEqual([]);
    expect(readLevels(ctx, "Staff Nurse")).toEqual([]);
    expect(readLevels(ctx, "Staff Software Engineer")).toEqual(["lead"]);
    expect(readLevels(ctx, "Senior Staff Accountant")).toEqual(["senior"]);
  });

  it("reads a latest role that stopped the hands-on work as off this role's level, its years and skills as of before it", () => {
    const job = "Backend Engineer\nRequirements\n- 2+ years of experience\n- Python";
    const resume = (line: string) =>
      `Experience\nLead Software Engineer, Acme, 03/2021 – Present\n- Coach the team on Python code reviews; ${line}\n` +
      "Backend Engineer, Acme, 2016 – 02/2021\n- Built Python services";
    const off = match(job, resume("I no longer write production code myself."));
    const exp = off.recommendation_insights.analysed_experience;
    expect(exp.unmatched_attributes).toContain("Mid-level role in Software Development (latest level: Lead, no longer hands-on)");
    expect(exp.matched_attributes.find((a) => a.startsWith("2+ years"))).toMatch(/roles without hands-on work left out/u);
    // Python was last used hands-on when the lead's role began, not today.
    const candidate = analyseCandidate(resume("I no longer write production code myself."), ctx, NOW);
    expect(candidate.skills.find((s) => s.name === "Python")?.lastUsed).toBe("2021-03");
    expect(candidate.experience.positions[0]!.handsOff).toBe(true);
    // A line saying something else is no longer done leaves the role hands-on.
    const on = analyseCandidate(resume("the old release checklist is no longer needed."), ctx, NOW);
    expect(on.experience.positions[0]!.handsOff).toBeUndefined();
    expect(on.skills.find((s) => s.name === "Python")?.lastUsed).toBe("2025-06");
    const nurse = analyseCandidate(
      "Experience\nClinical Nurse Educator, Valley Hospital, 2023 – Present\n- Teach at the bedside; I no longer carry a patient assignment.",
      ctx,
      NOW,
    );
    expect(nurse.experience.positions[0]!.handsOff).toBe(true);
    // Only the writer stepping away from the hands-on work: work automated away, or others no longer doing a
    // chore, is still the writer's hands-on work.
    const handsOff = (line: string) => analyseCandidate(resume(line), ctx, NOW).experience.positions[0]!.handsOff;
    expect(handsOff("Automated releases so I no longer had to deploy each build by hand myself.")).toBeUndefined();
    expect(handsOff("built a charting tool so nurses no longer had to provide patient care documentation twice.")).toBeUndefined();
    expect(handsOff("I'm off the tools and run the crews.")).toBe(true);
  });

  it("does not date another job's lines to a hands-off role that began the month that job ended", () => {
    // Nurse Educator from Jan 2021: its lines are dated to Jan 2021, the month the cashier job ended; the
    // educator's nursing words are not the cashier's.
    const posting = analyseJob(
      "Clinical Nurse Educator\nRequirements\n- 3+ years of experience\n- Teach telemetry monitoring, sepsis screening, wound care and medication reconciliation to new graduate nurses",
      ctx,
    );
    const resume =
      "Experience\nNurse Educator, Valley Hospital, Jan 2021 – Present\n- Teach telemetry monitoring, sepsis screening, wound care and medication reconciliation to new graduate nurses; I no longer carry a patient assignment.\n" +
      "Cashier, Corner Shop, Mar 2019 – Jan 2021\n- Served customers at the till\n" +
      "Barista, Bean Bar, 2015 – 2019\n- Made coffee";
    const candidate = analyseCandidate(resume, ctx, NOW);
    expect(candidate.experience.positions.map((p) => [p.start, p.end, p.handsOff === true])).toEqual([
      ["2021-01", "2025-06", true],
      ["2019-03", "2021-01", false],
      ["2015-07", "2019-06", false],
    ]);
    expect(relevantPositions(posting, candidate).map((p) => p.start)).toEqual(["2021-01"]);
  });

  it("reads 'Staff' in a résumé's titles by the normalizer's rule", () => {
    const levelsOf = (title: string) => analyseCandidate(`Experience\n${title}, Acme, 2020 – Present\n- Python`, ctx, NOW).experience.positions[0]!;
    // The catalogue title is "Software Engineer"; the "Staff" before it is the rank and is read with it.
    const staffEngineer = levelsOf("Staff Software Engineer");
    expect(staffEngineer.title).toBe("Staff Software Engineer");
    expect(staffEngineer.levels).toEqual(["lead"]);
    expect(staffEngineer.levels).toEqual(ctx.normalizer.detectLevels("Staff Software Engineer"));
    // "Staff Accountant" is the ordinary accountant: no level, in the engine as in the normalizer.
    expect(levelsOf("Staff Accountant").levels).toEqual([]);
    expect(ctx.normalizer.detectLevels("Staff Accountant")).toEqual([]);
    const job = "Senior Software Engineer\nRequirements\n- Python";
    expect(match(job, "Experience\nStaff Software Engineer, Acme, 2020 – Present\n- Python").recommendation_insights.analysed_experience.matched_attributes).toContain(
      "Senior-level role in Software Development (highest level held: Lead)",
    );
  });
});

describe("layer one", () => {
  it("weighs a block of nice-to-haves only at half its weight", () => {
    const r = match("Requirements\n- Python\nNice to have\n- Bachelor's degree in Computer Science", "Experience\nAcme, 2022 – 2025\n- Python");
    const w = BLOCK_WEIGHTS;
    const edu = r.recommendation_insights.analysed_education.layer_two_score;
    const expected = (w.skills + w.education * NICE_ONLY_BLOCK_SHARE * edu) / (w.skills + w.education * NICE_ONLY_BLOCK_SHARE);
    expect(r.recommendation_insights.layer_one_score).toBeCloseTo(expected, 4);
    expect(edu).toBe(0);
  });
});
