import { describe, expect, it } from "vitest";
import { fixtureContext } from "../__fixtures__/catalogue.ts";
import { analyseCandidate } from "../engine/candidate.ts";
import { analyseJob } from "../engine/job.ts";
import { NICE_WEIGHT } from "./attributes.ts";
import {
  DEGREE_ALTERNATIVE_CREDIT,
  RELATED_FIELD_CREDIT,
  RELATED_ROLE_CREDIT,
  RELATED_SKILL_CREDIT,
  SENIORITY_WEIGHT,
} from "./blocks.ts";
import { scoreMatch } from "./match.ts";
import { BLOCK_WEIGHTS, HARD_SHORTFALL_SHARE } from "./weights.ts";

const ctx = fixtureContext();
const NOW = new Date(Date.UTC(2025, 5, 15));
const match = (jobText: string, resume: string) =>
  scoreMatch(analyseJob(jobText, ctx), analyseCandidate(resume, ctx, NOW), { candidateName: "Ada", postedDate: NOW }, ctx);

describe("skills block", () => {
  it("weighs nice-to-haves half and gives partial credit for a related skill", () => {
    const r = match("Requirements\n- Kubernetes\n- Python\nNice to have\n- GraphQL", "Experience\nAcme, 2022 – 2025\n- Docker, Python, GraphQL");
    const block = r.recommendation_insights.analysed_skills;
    expect(block.attributes_matched).toBe("2/3");
    expect(block.matched_attributes).toEqual(["Python", "GraphQL (nice to have)"]);
    expect(block.unmatched_attributes).toEqual(["Kubernetes (related skill: Docker)"]);
    const expected = (RELATED_SKILL_CREDIT + 1 + NICE_WEIGHT) / (1 + 1 + NICE_WEIGHT);
    expect(block.layer_two_score).toBeCloseTo(expected, 4);
    expect(r.recommendation_insights.context_summary.requirement_gaps).toEqual(["Kubernetes"]);
  });

  it("counts absent evidence as unmatched, never as neutral", () => {
    const block = match("Requirements\n- Python", "").recommendation_insights.analysed_skills;
    expect(block).toEqual({ attributes_matched: "0/1", matched_attributes: [], unmatched_attributes: ["Python"], layer_two_score: 0 });
  });
});

describe("a kind of the skill asked for", () => {
  it("meets the requirement as that skill, evidenced as it is", () => {
    const skills = (resume: string) => match("Requirements\n- Electronic health records (EHR)", resume).recommendation_insights.analysed_skills;
    const used = skills("Experience\nNurse, Mercy Hospital, 2021 – 2025\n- Charted every assessment in Epic EHR");
    expect(used.matched_attributes).toEqual(["Electronic Health Records (EHR) (as Epic EHR)"]);
    const listed = skills("Skills\nEpic EHR");
    expect(listed.unmatched_attributes[0]).toBe("Electronic Health Records (EHR) (as Epic EHR, listed, not shown in work history)");
  });

  it("counts a credential that includes the one asked for, from where it was issued", () => {
    const skills = (job: string, resume: string) => match(job, resume).recommendation_insights.analysed_skills;
    expect(skills("Requirements\n- OSHA 10 card", "Certifications\nOSHA 30 (2023)").matched_attributes).toEqual(["OSHA 10 (as OSHA 30)"]);
    // Not the other way round: the 10-hour card is not the 30-hour one.
    expect(skills("Requirements\n- OSHA 30", "Certifications\nOSHA 10").matched_attributes).toEqual([]);
    const journeyman = "Requirements\n- Active Texas Journeyman Electrician License";
    expect(skills(journeyman, "Licenses\nTexas Master Electrician License").layer_two_score).toBe(1);
    expect(skills(journeyman, "Licenses\nOklahoma Master Electrician License").unmatched_attributes).toEqual([
      "Journeyman Electrician License (as Master Electrician License, held in Oklahoma, not Texas)",
    ]);
  });
});

describe("experience block", () => {
  it("gives proportional credit for years and shows what was found", () => {
    const r = match("Requirements\n- 5+ years of experience", "Experience\nAccountant, 2022 – 2024");
    const block = r.recommendation_insights.analysed_experience;
    expect(block.unmatched_attributes).toEqual(["5+ years of experience (found 2 years relevant, recency-weighted, of 2 years in total)"]);
    expect(block.layer_two_score).toBeCloseTo(2 / 5, 4);
    expect(r.recommendation_insights.context_summary.requirement_gaps).toEqual(["5+ years of experience"]);
  });

  it("credits the posting's role fully, a role of the same career group partly, and seniority within the group", () => {
    const job = "Senior Backend Engineer\nRequirements\n- Go";
    const held = match(job, "Experience\nSenior Backend Engineer, Acme, 2018 – 2024").recommendation_insights.analysed_experience;
    expect(held.matched_attributes).toEqual([
      "Experience as Backend Engineer",
      "Senior-level role in Software Development (highest level held: Senior)",
    ]);
    const near = match(job, "Experience\nSoftware Engineer, Acme, 2018 – 2024").recommendation_insights.analysed_experience;
    expect(near.unmatched_attributes).toEqual([
      "Experience as Backend Engineer (related role: Software Engineer)",
      "Senior-level role in Software Development (highest level held: Mid)",
    ]);
    // A plain title counts as mid-level, one step below senior.
    expect(near.layer_two_score).toBeCloseTo((RELATED_ROLE_CREDIT + SENIORITY_WEIGHT * 0.5) / (1 + SENIORITY_WEIGHT), 4);
    const other = match(job, "Experience\nSenior Accountant, 2018 – 2024").recommendation_insights.analysed_experience;
    expect(other.layer_two_score).toBe(0);
  });
});

describe("education block", () => {
  const job = "Requirements\n- Bachelor's degree in Computer Science, or equivalent experience";

  it("meets the degree with any higher degree and the field by name", () => {
    const block = match(job, "Education\nMSc Computer Science, University of Bonn").recommendation_insights.analysed_education;
    expect(block.matched_attributes).toEqual(["Bachelor's degree or higher (found Master's degree)", "Field: Computer Science"]);
    expect(block.layer_two_score).toBe(1);
  });

  it("gives documented partial credit for a degree in progress, equivalent experience and a related field", () => {
    const pending = match(job, "Education\nBSc Software Engineering, expected 2026").recommendation_insights.analysed_education;
    expect(pending.unmatched_attributes).toEqual([
      "Bachelor's degree or higher (Bachelor's degree in progress)",
      "Field: Computer Science (related field: Software Engineering)",
    ]);
    expect(pending.layer_two_score).toBeCloseTo((DEGREE_ALTERNATIVE_CREDIT + RELATED_FIELD_CREDIT) / 2, 4);

    const experienced = match(job, "Experience\nSoftware Engineer, 2015 – 2024").recommendation_insights.analysed_education;
    // Jul 2015 – Jun 2024: bare years are read as mid-year.
    expect(experienced.unmatched_attributes[0]).toBe("Bachelor's degree or higher (equivalent experience: 9 years)");
  });

  it("meets a high-school requirement with college work under way, but not a degree requirement", () => {
    const posting = "Requirements\n- High school diploma or GED\nNice to have\n- Bachelor's degree in business";
    const r = match(posting, "Education\nCoursework toward B.S. in Business (online), Cascade Pacific University — 30 credits completed");
    const block = r.recommendation_insights.analysed_education;
    expect(block.matched_attributes).toContain("High school diploma or higher (Bachelor's degree in progress)");
    expect(block.unmatched_attributes).toContain("Bachelor's degree or higher (nice to have; Bachelor's degree in progress)");
    expect(r.summary.strengths).toContain("Has studied toward a Bachelor's degree, meeting the High school diploma or higher requirement.");
    // A trade diploma under way is no college work: half credit, as for any degree in progress.
    const trade = match(posting, "Education\nVocational diploma in carpentry, Lincoln Tech (expected 2026)").recommendation_insights.analysed_education;
    expect(trade.unmatched_attributes).toContain("High school diploma or higher (Vocational certificate or diploma in progress)");
  });

  it("does not meet a high-school requirement with college work when the diploma itself is unfinished", () => {
    const posting = "Requirements\n- High school diploma or GED";
    const dual = match(posting, "Education\nDual enrollment: coursework toward A.A., Lincoln High School (expected graduation 2027)");
    expect(dual.recommendation_insights.analysed_education.unmatched_attributes).toContain(
      "High school diploma or higher (Associate degree in progress)",
    );
    expect(dual.summary.strengths.filter((s) => s.startsWith("Has studied toward"))).toEqual([]);
    // A trade programme under way beside college work under way: the college work, the higher, meets it.
    const both = match(posting, "Education\nWelding certificate program, Lincoln Tech (expected 2027)\nCoursework toward A.A.S. in Business, Mesa Community College");
    expect(both.recommendation_insights.analysed_education.matched_attributes).toContain(
      "High school diploma or higher (Associate degree in progress)",
    );
    expect(both.summary.strengths).toContain("Has studied toward an Associate degree, meeting the High school diploma or higher requirement.");
  });

  it("writes the article a degree's name takes in the strengths, held or under way", () => {
    const held = match("Requirements\n- Associate degree", "Education\nAssociate degree in Nursing, Mesa Community College, 2015");
    expect(held.summary.strengths).toContain("Holds an Associate degree, meeting the Associate degree or higher requirement.");
  });

  it("gives full credit for a related field when the posting accepts one", () => {
    const block = match("Requirements\n- BS in Computer Science or a related field", "Education\nBS in Software Engineering, MIT")
      .recommendation_insights.analysed_education;
    expect(block.matched_attributes).toContain("Field: Computer Science or a related field (related field: Software Engineering)");
  });

  it("states a degree that meets a required and a nice-to-have degree once in the strengths", () => {
    const job = "Requirements\n- High school diploma or GED\nNice to have\n- Bachelor's degree";
    const strengths = match(job, "Education\nBA in History, Boston College").summary.strengths;
    const degree = strengths.filter((s) => s.startsWith("Holds a"));
    expect(degree).toEqual(["Holds a Bachelor's degree, meeting the High school diploma or higher and Bachelor's degree or higher requirements."]);
    const secondary = match(job, "Education\nHigh school diploma, Lincoln High School").summary.strengths;
    expect(secondary.filter((s) => s.startsWith("Holds a"))).toEqual(["Holds a High school diploma, meeting the High school diploma or higher requirement."]);
  });

  it("says a related field is related, not the one asked for, in the strengths", () => {
    const job = "Requirements\n- BS in Computer Science or a related field";
    const related = match(job, "Education\nBS in Software Engineering, MIT").summary.strengths;
    expect(related).toContain("Studied Software Engineering, a field related to the ones the posting asks for.");
    expect(related.join(" ")).not.toContain("as the posting asks");
    const exact = match(job, "Education\nBS in Computer Science, MIT").summary.strengths;
    expect(exact).toContain("Studied Computer Science, as the posting asks.");
  });
});

describe("the role in the strengths", () => {
  it("names the broader title a candidate held the posting's role under", () => {
    const job = "Backend Software Engineer\nRequirements\n- Python and Go";
    const broader = match(job, "Experience\nBackend Engineer, Acme, 2020 – Present\n- Built payment APIs in Go").summary.strengths;
    expect(broader).toContain("Has worked as Backend Engineer, the posting's role under a broader title.");
    expect(broader.join(" ")).not.toContain("Has worked as Software Engineer");
    const own = match(job, "Experience\nSoftware Engineer, Acme, 2020 – Present\n- Built payment APIs in Go").summary.strengths;
    expect(own).toContain("Has worked as Software Engineer.");
  });
});

describe("interests block", () => {
  it("scores traits and interests asked for, with values weighing half", () => {
    const r = match(
      "Requirements\n- Detail-oriented\n- A passion for open source\nOur values\nWe value integrity.",
      "Summary\nDetail-oriented engineer who loves open source.",
    );
    const block = r.recommendation_insights.analysed_interests;
    expect(block.matched_attributes).toEqual(["Trait: Detail-oriented", "Interest: Open source"]);
    expect(block.unmatched_attributes).toEqual(["Value: Integrity (nice to have)"]);
    expect(block.layer_two_score).toBeCloseTo(2 / 2.5, 4);
  });

  it("lists a required trait not shown as a gap, never a required interest (a hobby can stand for a protected trait)", () => {
    const r = match("Requirements\n- Python\n- Must be detail-oriented\n- Must be passionate about running", "Experience\nEngineer, Acme, 2020 – 2024\n- Python");
    const block = r.recommendation_insights.analysed_interests;
    expect(block.unmatched_attributes).toEqual(["Trait: Detail-oriented", "Interest: Running"]);
    expect(r.recommendation_insights.context_summary.requirement_gaps).toEqual(["Trait: Detail-oriented"]);
    expect(r.summary.areas_for_improvement.join(" ")).not.toMatch(/Running/);
  });
});

describe("layer one", () => {
  it("re-normalises the block weights over the blocks with requirements", () => {
    // Bookkeeping shares no title with Python, so there is no related-skill credit either.
    const r = match("Requirements\n- Python\n- Bookkeeping", "Experience\nAcme, 2023 – 2025\n- Python");
    const i = r.recommendation_insights;
    expect(i.analysed_experience.attributes_matched).toBe("0/0");
    expect(i.analysed_education.layer_two_score).toBe(0);
    expect(i.layer_one_score).toBe(0.5);
    expect(r.match_score).toBe(50);
  });

  it("is the weighted mean of the blocks that have requirements", () => {
    const r = match("Requirements\n- Python\n- 4+ years of experience", "Experience\nEngineer, 2022 – 2024\n- Python services");
    const i = r.recommendation_insights;
    const w = BLOCK_WEIGHTS;
    // A required "4+ years" is a bar (isYearsBar): 2 of 4 years also scales the mean by its shortfall.
    const expected = ((w.skills * 1 + w.experience * (2 / 4)) / (w.skills + w.experience)) * (1 - HARD_SHORTFALL_SHARE * (1 - 2 / 4));
    expect(i.layer_one_score).toBeCloseTo(expected, 4);
    expect(r.match_score).toBe(Math.round(expected * 10000) / 100);
  });

  it("names as the reason for the scaling the requirement short by most, and one short by less as also short", () => {
    const job = "Requirements\n- Python\n- Kubernetes\n- 4+ years of experience";
    const hard = (r: ReturnType<typeof match>) => JSON.stringify(r).match(/The score is scaled[^.]*\./u)?.[0] ?? "";
    // Only the years are short: they are the reason.
    const yearsOnly = hard(match(job, "Experience\nEngineer, 2022 – 2024\n- Python services on Kubernetes"));
    expect(yearsOnly).toMatch(/because the experience is short of the required minimum: 4\+ years of experience\.$/u);
    expect(yearsOnly).not.toMatch(/also short/u);
  });

  it("says a required minimum of years short scales the score, without calling it something the work cannot be done without", () => {
    const r = match("Requirements\n- Python\n- 4+ years of experience", "Experience\nEngineer, 2022 – 2024\n- Python services");
    const said = JSON.stringify(r);
    expect(said).toContain("the experience is short of the required minimum: 4+ years of experience");
    expect(said).not.toContain("cannot be done without");
  });

  it("is 0 when no block has a requirement", () => {
    const r = match("We are a friendly company.", "Skills: Python, Go\nExperience\nSoftware Engineer, 2015 – 2024");
    expect(r.recommendation_insights.layer_one_score).toBe(0);
    expect(r.summary.score).toBe(0);
    expect(r.recommendation_insights.context_summary.matched_summary).toBe("The posting states no requirements that can be scored");
  });
});

describe("skills breakdown and potential", () => {
  it("splits the candidate's skills into technical, soft and transferable", () => {
    const r = match("Requirements\n- Kubernetes", "Skills: Kubernetes, Helm, Excel, Communication, German, AWS Certified Solutions Architect");
    expect(r.recommendation_insights.skills_breakdown).toEqual({
      soft: ["Communication"],
      technical: ["AWS Certified Solutions Architect", "Helm", "Kubernetes", "Microsoft Excel"],
      transferable: ["German", "Helm"],
    });
  });

  it("rates long-term potential from learning, certifications, progression and coverable gaps", () => {
    const job = "Requirements\n- Kubernetes\n- Python";
    const high = match(
      job,
      "Summary\nCurious engineer.\nExperience\nSenior Software Engineer, 2020 – 2024\nSoftware Engineer, 2016 – 2020\nSkills: Docker, Python\nCertifications\nAWS Certified Solutions Architect",
    );
    expect(high.summary.long_term_potential).toBe("High");
    const medium = match(job, "Summary\nCurious engineer.\nSkills: Python, Kubernetes");
    expect(medium.summary.long_term_potential).toBe("Medium");
    expect(match(job, "").summary.long_term_potential).toBe("Low");
  });
});
