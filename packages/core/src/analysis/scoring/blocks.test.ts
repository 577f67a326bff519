import { describe, expect, it } from "vitest";
import { fixtureContext } from "../__fixtures__/catalogue.ts";
import { analyseCandidate } from "../engine/candidate.ts";
import { analyseJob } from "../engine/job.ts";
import {
  DESCRIBED_ROLE_CREDIT,
  KIN_FLOOR,
  NAMED_ROLE_CREDIT,
  NEAR_LEVEL_CREDIT,
  namesTheWork,
  namedRole,
  narrowsTitle,
  narrowsWrittenTitle,
  KIN_FULL_OVERLAP,
  RELATED_ROLE_CREDIT,
  RESOLVED_SKILLS_WEIGHT,
  relatedRoleCredit,
  relevantPositions,
  scoreAttributes,
  rolePatternOf,
  titleHead,
  untitledRole,
  weightedYears,
  writtenRoleTitle,
} from "./blocks.ts";
import { RELEVANCE_WEIGHT } from "./relevance.ts";

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

// A profession the fixture catalogue does not know: no warehouse title, and of its skills only Excel.
const WAREHOUSE = `Warehouse Supervisor - 2nd Shift
Requirements
- 3+ years of experience in a distribution center or warehouse
- Lead inbound receiving, putaway, replenishment and outbound shipping for a team of pickers and forklift operators
- Run cycle counts and inventory accuracy audits; resolve discrepancies with the inventory control team
- Coach associates on safety, pick rates and dock scheduling
- Excel is a plus
`;
const WAREHOUSE_WORK = `Experience
Inbound Operations Supervisor, Northfield Distribution, 2019 – Present
- Led receiving, putaway and replenishment for a team of 20 pickers and forklift operators
- Ran cycle counts and inventory audits, cut discrepancies by half; scheduled dock appointments`;
const CASHIER_WORK = `Experience
Cashier, Corner Shop, 2019 – Present
- Served customers at the till and balanced the cash drawer at close`;

describe("a posting whose requirements the catalogue barely resolves", () => {
  const posting = analyseJob(WAREHOUSE, ctx);
  const block = (resume: string) => scoreAttributes(posting, analyseCandidate(resume, ctx, NOW)).skills;

  it("lets the posting's wording make up the skills it does not resolve, as a must-have", () => {
    expect(posting.skills.map((s) => [s.name, s.strength])).toEqual([["Microsoft Excel", "nice"]]);
    const skills = block(WAREHOUSE_WORK);
    const relevance = skills.find((a) => a.kind === "relevance")!;
    expect(relevance.strength).toBe("must");
    expect(relevance.weight).toBe(RESOLVED_SKILLS_WEIGHT - 0.5);
    // The one nice-to-have no longer halves the block, and the wording carries it.
    const score = (attributes: typeof skills) => attributes.reduce((s, a) => s + a.weight * a.credit, 0) / attributes.reduce((s, a) => s + a.weight, 0);
    expect(score(skills)).toBeGreaterThan(0.5);
    expect(score(block(CASHIER_WORK))).toBeLessThan(0.1);
  });

  it("scores a posting that names no catalogue skill on its wording alone", () => {
    const bare = analyseJob(WAREHOUSE.replace("- Excel is a plus\n", ""), ctx);
    expect(bare.skills).toEqual([]);
    const skills = scoreAttributes(bare, analyseCandidate(WAREHOUSE_WORK, ctx, NOW)).skills;
    expect(skills.map((a) => [a.kind, a.strength])).toEqual([["relevance", "must"]]);
    expect(skills[0]!.credit).toBeGreaterThan(0.5);
  });

  it("leaves a posting that resolves its skills as it was: relevance weighs one skill, as firm as the skills", () => {
    const resolved = analyseJob("Backend Engineer\nRequirements\n- Python, Go, Java, PostgreSQL, Docker, Kubernetes, Terraform, Helm and GraphQL\n- Build payment APIs, ledgers and reconciliation jobs for merchants and banks", ctx);
    expect(resolved.skills.length).toBeGreaterThanOrEqual(RESOLVED_SKILLS_WEIGHT);
    expect(resolved.skills.every((s) => s.strength === "must")).toBe(true);
    const relevance = scoreAttributes(resolved, analyseCandidate(WAREHOUSE_WORK, ctx, NOW)).skills.find((a) => a.kind === "relevance")!;
    expect(relevance.weight).toBe(RELEVANCE_WEIGHT);
    const nice = analyseJob("Backend Engineer\nNice to have\n- Python, Go, Java, JavaScript, TypeScript, Terraform, Kubernetes, Docker, Helm, AWS, PostgreSQL, SQL, Django, GraphQL, React, Git and Linux\n- Build payment APIs, ledgers and reconciliation jobs for merchants and banks", ctx);
    const niceRelevance = scoreAttributes(nice, analyseCandidate(WAREHOUSE_WORK, ctx, NOW)).skills.find((a) => a.kind === "relevance")!;
    expect(nice.skills.length * 0.5).toBeGreaterThanOrEqual(RESOLVED_SKILLS_WEIGHT);
    expect(niceRelevance.strength).toBe("nice");
    expect(niceRelevance.weight).toBe(RELEVANCE_WEIGHT * 0.5);
  });

  it("leaves a short posting of a known title as it was: few skills alone are not a catalogue that missed them", () => {
    const short = analyseJob("Software Engineer\nJoin the payments platform team building merchant services.\nRequirements\n- Python and Git\n- Payments, ledgers and merchant onboarding", ctx);
    expect(short.duties.length).toBeLessThanOrEqual(short.skills.length);
    expect(short.title.id).not.toBeNull();
    expect(short.skills.length).toBeLessThan(RESOLVED_SKILLS_WEIGHT);
    const engineer = analyseCandidate("Experience\nSoftware Engineer, Acme, 2020 – Present\n- Built Python services, reviewed code in Git", ctx, NOW);
    const relevance = scoreAttributes(short, engineer).skills.find((a) => a.kind === "relevance")!;
    expect(relevance.weight).toBe(RELEVANCE_WEIGHT);
    // A known title whose duties the catalogue does not resolve: the wording makes up the difference.
    const duties = analyseJob(
      "Software Engineer\nRequirements\n- Python\nResponsibilities\n- Reconcile merchant settlement batches nightly\n- Triage chargeback disputes with the risk team\n- Run refunds for the card networks",
      ctx,
    );
    expect(duties.title.id).not.toBeNull();
    const carried = scoreAttributes(duties, engineer).skills.find((a) => a.kind === "relevance")!;
    expect(carried.weight).toBeGreaterThan(RELEVANCE_WEIGHT);
  });
});

describe("the posting title's role word", () => {
  it("is the last word of the title before any separator, not a grade", () => {
    expect(titleHead("Registered Nurse - Medical/Surgical Intensive Care Unit")).toBe("nurse");
    expect(titleHead("WAREHOUSE SUPERVISOR - 2ND SHIFT")).toBe("supervisor");
    expect(titleHead("Software Engineer II")).toBe("engineer");
    expect(titleHead("Sous Chef, Stone & Reed")).toBe("chef");
    expect(titleHead("")).toBeNull();
  });

  it("is the rank of '<rank> of <field>', and a two-letter shorthand written in capitals", () => {
    expect(titleHead("Head of Engineering")).toBe("head");
    expect(titleHead("Director of Engineering - Platform")).toBe("director");
    expect(titleHead("ICU RN")).toBe("rn");
    expect(titleHead("RN - Med/Surg")).toBe("rn");
    // Lower-case short words are not roles.
    expect(titleHead("Nurse in ICU")).toBe("icu");
    expect(titleHead("Nurse on")).toBe("nurse");
    // The field a rank is of does not name the role on its own.
    const aide = held("Engineering Aide");
    expect(aide.titleId).toBeNull();
    expect(writtenRoleTitle(aide, rolePatternOf("Director of Engineering"))).toBeNull();
    expect(writtenRoleTitle(aide, rolePatternOf("Head of Engineering"))).toBeNull();
    expect(namesTheWork("Director of Engineering")("Engineering Director")).toBe(true);
    expect(namesTheWork("Director of Engineering")("Director of Sales")).toBe(false);
    expect(namesTheWork("ICU RN")("RN, Med/Surg")).toBe(true);
  });

  it("needs a shared word of the work for a broad role word, as for a rank", () => {
    expect(namesTheWork("Software Engineer")("Engineer, Merchant Marine")).toBe(false);
    expect(namesTheWork("Software Engineer")("Senior Software Test Engineer")).toBe(true);
    expect(namesTheWork("Customer Service Representative")("Union Representative")).toBe(false);
    expect(namesTheWork("Customer Service Representative")("Customer Care Representative")).toBe(true);
    expect(namesTheWork("Warehouse Associate")("Summer Associate")).toBe(false);
    // A role word that names the work needs nothing more.
    expect(namesTheWork("Registered Nurse")("Staff Nurse")).toBe(true);
    expect(namesTheWork("Sous Chef")("Chef de Partie")).toBe(true);
    const role = (posting: string, resume: string) =>
      scoreAttributes(analyseJob(posting, ctx), analyseCandidate(`Experience\n${resume}`, ctx, NOW)).experience.find((a) => a.kind === "role")!;
    expect(role("Software Engineer\nRequirements\n- Python", "Engineer, Merchant Marine, 2020 – Present\n- Kept the engine room running").credit).toBe(0);
  });

  it("is one test for relevant years, the role credit and the level", () => {
    // An unknown posting title: a position naming its rank without its work is not relevant by its title.
    const posting = analyseJob("Warehouse Associate\nRequirements\n- Load and unload trucks, pick and pack orders and run the pallet jack in the distribution center", ctx);
    expect(posting.title.id).toBeNull();
    const summer = analyseCandidate("Experience\nSummer Associate, Baker Law LLP, 2023 – 2024\n- Drafted memos", ctx, NOW);
    expect(relevantPositions(posting, summer)).toEqual([]);
    const dock = analyseCandidate("Experience\nWarehouse Associate II, Northfield Distribution, 2023 – 2024\n- Loaded trucks", ctx, NOW);
    expect(relevantPositions(posting, dock)).toHaveLength(1);
    // The title is read as written, not the whole title lines: the word in the employer's line does not make it.
    const named = namedRole(posting);
    expect(named(summer.experience.positions[0]!)).toBeNull();
    expect(named(dock.experience.positions[0]!)).toBe("Warehouse Associate II");
  });

  it("makes a position whose title the catalogue does not know relevant when its title names it", () => {
    const posting = analyseJob(WAREHOUSE, ctx);
    expect(posting.title.id).toBeNull();
    // Few of the posting's words: relevant by its title alone, which names the rank and the work.
    const supervisor = analyseCandidate("Experience\nWarehouse Night Shift Supervisor, Acme Foods\n2019 – Present\n- Closed the building and signed off the crew", ctx, NOW);
    expect(supervisor.experience.positions.map((p) => p.titleId)).toEqual([null]);
    expect(relevantPositions(posting, supervisor)).toHaveLength(1);
    expect(scoreAttributes(posting, supervisor).experience.find((a) => a.kind === "years")!.credit).toBe(1);
    // The same work under another title, or the word in a duty rather than the title, is not.
    const crew = analyseCandidate("Experience\nCrew Member, Acme Foods\n2019 – Present\n- Closed the building with the supervisor", ctx, NOW);
    expect(relevantPositions(posting, crew)).toEqual([]);
    // The rank without the work is another job: not relevant by its title, and no role credit either.
    const inventory = analyseCandidate("Experience\nInventory Control Supervisor, Acme Foods\n2019 – Present\n- Closed the building and signed off the crew", ctx, NOW);
    expect(relevantPositions(posting, inventory)).toEqual([]);
  });

  it("reads the title as written when the catalogue knows the candidate's title but not the posting's", () => {
    const posting = analyseJob("Reliability Engineer\nRequirements\n- 3+ years building Python services\n- Terraform", ctx);
    expect(posting.title.id).toBeNull();
    const devops = analyseCandidate("Experience\nSite Reliability Engineer, Acme, 2020 – Present\n- On-call rotation", ctx, NOW);
    expect(devops.experience.positions[0]!.titleId).not.toBeNull();
    expect(relevantPositions(posting, devops)).toHaveLength(1);
    // "Engineer" is a broad word: a catalogue title sharing only it is another line of work.
    const other = analyseCandidate("Experience\nDevOps Engineer, Acme, 2020 – Present\n- On-call rotation", ctx, NOW);
    expect(relevantPositions(posting, other)).toEqual([]);
  });

  it("does not make a catalogue title of another career group relevant when the catalogue knows the posting's", () => {
    // Software Engineer and DevOps Engineer share the word, not the profession.
    const devops = analyseCandidate("Experience\nDevOps Engineer, Acme, 2020 – Present\n- Ran the on-call rotation", ctx, NOW);
    expect(job.title.id).not.toBeNull();
    expect(relevantPositions(job, devops)).toEqual([]);
  });
});

describe("a position described in the posting's words", () => {
  const posting = analyseJob(WAREHOUSE, ctx);

  it("is relevant experience whatever its title, once its lines use RELEVANT_WORDING_SHARE of the wording", () => {
    const lead = analyseCandidate(WAREHOUSE_WORK.replace("Inbound Operations Supervisor", "Inbound Lead"), ctx, NOW);
    expect(lead.experience.positions.map((p) => p.titleId)).toEqual([null]);
    expect(relevantPositions(posting, lead)).toHaveLength(1);
    expect(scoreAttributes(posting, lead).experience.find((a) => a.kind === "years")!.credit).toBe(1);
  });

  it("is not relevant for a few of the posting's words, nor for another position's", () => {
    const cashier = analyseCandidate(CASHIER_WORK, ctx, NOW);
    expect(relevantPositions(posting, cashier)).toEqual([]);
    expect(scoreAttributes(posting, cashier).experience.find((a) => a.kind === "years")!.credit).toBe(0);
    // Two positions: the earlier cashier job does not borrow the later warehouse job's words.
    // A posting without catalogue skills or title still tells relevance by its words: not every position counts.
    const bare = analyseJob(WAREHOUSE.replace("- Excel is a plus\n", ""), ctx);
    expect([bare.title.id, bare.skills.length]).toEqual([null, 0]);
    expect(relevantPositions(bare, cashier)).toEqual([]);
    const both = analyseCandidate(`${WAREHOUSE_WORK.replace("Inbound Operations Supervisor", "Inbound Lead")}\nCashier, Corner Shop, 2012 – 2018\n- Served customers at the till`, ctx, NOW);
    expect(relevantPositions(posting, both).map((p) => p.start)).toEqual(["2019-07"]);
  });
});

describe("a years requirement that leaves internships out", () => {
  const candidate = analyseCandidate(
    [
      "Experience",
      "Software Engineer, Acme, Jul 2023 – Present",
      "- Python services",
      "Software Engineering Intern, Beta, Jul 2021 – Jun 2023",
      "- Python scripts",
    ].join("\n"),
    ctx,
    NOW,
  );
  const yearsOf = (posting: string) => scoreAttributes(analyseJob(posting, ctx), candidate).experience.find((a) => a.kind === "years")!;

  it("counts no internship as a professional year even when the posting does not leave them out, and says so", () => {
    const plain = yearsOf("Software Engineer\nRequirements\n- 3+ years of experience\n- Python");
    expect(plain.credit).toBeCloseTo(24 / 12 / 3, 6);
    expect(plain.note).toMatch(/internships and student work left out(?! as the posting asks)/u);
  });

  it("leaves the internship out of the years, and says so, when the posting's figure does", () => {
    const strict = yearsOf("Software Engineer\nRequirements\n- 3+ years of experience (internships don't count towards this)\n- Python");
    expect(candidate.experience.positions.map((p) => p.trainee ?? false)).toEqual([false, true]);
    expect(strict.credit).toBeCloseTo(24 / 12 / 3, 6);
    expect(strict.note).toMatch(/internships and student work left out as the posting asks/u);
  });
});

describe("a years requirement that asks for recent years", () => {
  // NOW is June 2025: the last 3 years are July 2022 to June 2025.
  const yearsOf = (posting: string, resume: string) =>
    scoreAttributes(analyseJob(posting, ctx), analyseCandidate(resume, ctx, NOW)).experience.find((a) => a.kind === "years")!;
  const recent = "Software Engineer\nRequirements\n- 2+ years of recent software engineering experience\n- Python";
  const plain = "Software Engineer\nRequirements\n- 2+ years of software engineering experience\n- Python";
  const left = "Experience\nSoftware Engineer, Acme, Jan 2016 – Dec 2021\n- Python services\nCashier, Corner Shop, Jan 2022 – Present\n- Served customers";
  const lately = "Experience\nSoftware Engineer, Acme, Jan 2016 – Dec 2022\n- Python services\nCashier, Corner Shop, Jan 2023 – Present\n- Served customers";

  it("counts only the months of the last three years, and says so", () => {
    const gone = yearsOf(recent, left);
    expect(gone.credit).toBe(0);
    expect(gone.note).toMatch(/relevant in the last 3 years/u);
    expect(yearsOf(recent, lately).credit).toBeCloseTo(6 / 12 / 2, 6);
  });

  it("leaves years that are not asked as recent, and current work, as they were", () => {
    expect(yearsOf(plain, left).credit).toBe(1);
    expect(yearsOf(plain, left).note).toMatch(/recency-weighted/u);
    expect(yearsOf(recent, "Experience\nSoftware Engineer, Acme, Jan 2016 – Present\n- Python services").credit).toBe(1);
  });
  it("reads a stated figure without dates within the window, and says it is undated", () => {
    const stated = "Summary\nSoftware engineer with over 12 years of experience building Python services.";
    const within = yearsOf(recent, stated);
    expect(within.credit).toBe(1);
    expect(within.note).toBe("found 3 years in the last 3 years of 12 years as stated, undated");
    // Not asked as recent: the figure as stated.
    expect(yearsOf(plain, stated).note).toBe("found 12 years as stated");
  });
});

describe("a held title the catalogue does not know, read against the posting's title", () => {
  const position = (resume: string) => analyseCandidate(`Experience\n${resume}`, ctx, NOW).experience.positions[0]!;
  const supervisor = rolePatternOf("WAREHOUSE SUPERVISOR - 2ND SHIFT");

  it("finds the written title that names the posting's role word among the parts of its lines", () => {
    const inbound = position("Inbound Operations Supervisor, 2nd shift | Northfield Distribution | 2019 – Present\n- Led receiving");
    expect(inbound.titleId).toBeNull();
    expect(writtenRoleTitle(inbound, supervisor)).toBe("Inbound Operations Supervisor");
    expect(writtenRoleTitle(position("Northfield Distribution — Night Shift Supervisor\n2019 – Present"), supervisor)).toBe("Night Shift Supervisor");
  });

  it("does not read the word in a sentence, in another title, or in a title the catalogue knows", () => {
    const sentence = position("Northfield Distribution, 2019 – Present\nCovered for the night shift supervisor during two peak seasons at the site");
    expect(writtenRoleTitle(sentence, supervisor)).toBeNull();
    expect(writtenRoleTitle(position("Crew Member, Acme Foods, 2019 – Present"), supervisor)).toBeNull();
    expect(writtenRoleTitle(position("Software Engineer, Acme, 2019 – Present"), rolePatternOf("Software Engineer"))).toBeNull();
  });

  it("asks a title whose role word is a rank to share a word of the work too", () => {
    const sameWork = namesTheWork("WAREHOUSE SUPERVISOR - 2ND SHIFT");
    expect(sameWork("Warehouse Operations Supervisor")).toBe(true);
    expect(sameWork("Inventory Control Supervisor")).toBe(false);
    expect(sameWork("Night Shift Supervisor")).toBe(false);
    const night = position("Night Shift Manager, Acme Foods, 2020 – Present\n- Ran the night crew");
    expect(writtenRoleTitle(night, rolePatternOf("Engineering Manager"))).toBe("Night Shift Manager");
    expect(namesTheWork("Engineering Manager")("Night Shift Manager")).toBe(false);
    // A role word that is no rank names the work by itself.
    expect(namesTheWork("Registered Nurse - ICU")("Staff Nurse")).toBe(true);
  });
});

describe("the role and level of a position whose title the catalogue does not know", () => {
  const attributes = (posting: string, resume: string) =>
    scoreAttributes(analyseJob(posting, ctx), analyseCandidate(`Experience\n${resume}`, ctx, NOW)).experience;
  const role = (posting: string, resume: string) => attributes(posting, resume).find((a) => a.kind === "role")!;
  const level = (posting: string, resume: string) => attributes(posting, resume).find((a) => a.kind === "seniority")!;

  it("earns a related role when its title names the posting's role word", () => {
    const payments = role("Software Engineer\nRequirements\n- Python", "Software Test Engineer, Acme, 2020 – Present\n- Ran the ledger");
    expect(payments.credit).toBe(NAMED_ROLE_CREDIT);
    expect(payments.note).toBe("related role: Software Test Engineer");
    // Fading with its age, like any related role.
    expect(role("Software Engineer\nRequirements\n- Python", "Software Test Engineer, Acme, 2008 – 2012").credit).toBeLessThan(NAMED_ROLE_CREDIT);
  });

  it("earns nothing for another role, the word in a duty, a known title of another group, or a rank alone", () => {
    const posting = "Software Engineer\nRequirements\n- Python";
    expect(role(posting, "Payments Analyst, Acme, 2020 – Present\n- Paired with the engineers on releases").credit).toBe(0);
    expect(role(posting, "DevOps Engineer, Acme, 2020 – Present\n- Ran the on-call rotation").credit).toBe(0);
    expect(role("Engineering Manager\nRequirements\n- Leadership", "Night Shift Manager, Acme Foods, 2020 – Present\n- Ran the night crew").credit).toBe(0);
  });

  it("reads the level words of such a title when it names the posting's role", () => {
    const posting = "Senior Software Engineer\nRequirements\n- Python";
    const senior = level(posting, "Senior Software Test Engineer, Acme, 2019 – Present\n- Ran the ledger");
    expect([senior.credit, senior.note]).toEqual([1, "highest level held: Senior"]);
    // No level word: read as mid-level, one below a senior posting.
    expect(level(posting, "Software Test Engineer, Acme, 2019 – Present\n- Ran the ledger").credit).toBe(NEAR_LEVEL_CREDIT);
    // "Engineer" alone names no work: a ship's senior engineer says nothing of this role's level.
    expect(level(posting, "Senior Engineer, Merchant Marine, 2019 – Present\n- Ran the engine room").credit).toBe(0);
    // A senior title of another role says nothing of this one's level.
    expect(level(posting, "Senior Payments Analyst, Acme, 2019 – Present\n- Ran the ledger").credit).toBe(0);
  });

  it("earns less for untitled work described in the posting's words, and nothing for other work", () => {
    const posting = analyseJob(
      [
        "Software Engineer",
        "Requirements",
        "- Build payment APIs, ledgers and reconciliation jobs for merchants and banks",
        "- Run settlement batches, refunds and chargeback workflows with the risk team",
        "- Python",
      ].join("\n"),
      ctx,
    );
    const described = analyseCandidate(
      "Experience\nPayments Specialist, Acme, 2020 – Present\n- Built the ledger and reconciliation jobs for merchant settlement batches, refunds and chargebacks",
      ctx,
      NOW,
    );
    expect(described.experience.positions[0]!.titleId).toBeNull();
    expect(untitledRole(posting, described)?.credit).toBe(DESCRIBED_ROLE_CREDIT);
    expect(scoreAttributes(posting, described).experience.find((a) => a.kind === "role")!.credit).toBe(DESCRIBED_ROLE_CREDIT);
    const cashier = analyseCandidate(CASHIER_WORK, ctx, NOW);
    expect(untitledRole(posting, cashier)).toBeNull();
  });
});

describe("a held title the posting's title narrows", () => {
  it("is the posting title less some of its qualifiers, on the same role word, of two words or more", () => {
    expect(narrowsTitle("Mechanical Design Engineer")("Mechanical Engineer")).toBe(true);
    expect(narrowsTitle("DIGITAL MARKETING MANAGER")("Marketing Manager")).toBe(true);
    expect(narrowsTitle("Senior Backend Software Engineer II - Payments")("Software Engineer")).toBe(true);
    // Another role word, a one-word title, a level word with the role word, another order, another word.
    expect(narrowsTitle("Mechanical Design Engineer")("Mechanical Engineering Technician")).toBe(false);
    expect(narrowsTitle("Mechanical Design Engineer")("Engineer")).toBe(false);
    expect(narrowsTitle("Mechanical Design Engineer")("Lead Engineer")).toBe(false);
    expect(narrowsTitle("Design Mechanical Engineer")("Mechanical Design Engineer")).toBe(false);
    expect(narrowsTitle("Mechanical Design Engineer")("Electrical Engineer")).toBe(false);
    // The part after a separator is the team or place, not the role.
    expect(narrowsTitle("Warehouse Supervisor - 2nd Shift")("Shift Supervisor")).toBe(false);
    expect(narrowsTitle("Mechanical Design Engineer")(null)).toBe(false);
  });

  it("as written, only when the posting's title adds no word of the work, nor a rank that is another job", () => {
    expect(narrowsWrittenTitle("Backend Software Engineer")("Backend Engineer")).toBe(true);
    expect(narrowsWrittenTitle("Back-End Software Engineer (Go) - Payments")("Senior Back-End Engineer")).toBe(true);
    expect(narrowsWrittenTitle("Senior Backend Software Engineer II")("Backend Engineer")).toBe(true);
    // Held title as written → posting title: a rank or a word that names other work, a symbol that tells languages apart.
    const pairs: [string, string][] = [
      ["Partner Marketing Manager", "Product Marketing Manager"],
      ["C# Developer", "C++ Developer"],
      ["Medical Officer", "Chief Medical Officer"],
      ["Defense Attorney", "Insurance Defense Attorney"],
      ["Auto Technician", "Auto Body Technician"],
      ["Clinical Nurse", "Clinical Research Nurse"],
      ["Development Officer", "Community Development Officer"],
      ["Associate General Counsel", "General Counsel"],
      ["General Counsel", "Associate General Counsel"],
      ["Intermediate School Teacher", "High School Teacher"],
      ["Backend Engineer", "Backend Platform Engineer"],
    ];
    for (const [written, posting] of pairs) expect([written, posting, narrowsWrittenTitle(posting)(written)]).toEqual([written, posting, false]);
    expect(narrowsWrittenTitle("Backend Software Engineer")("Engineer")).toBe(false);
    expect(narrowsWrittenTitle("Backend Software Engineer")(null)).toBe(false);
  });

  const posting = analyseJob("Backend Software Engineer\nRequirements\n- Python and Go", ctx);
  const role = (resume: string) =>
    scoreAttributes(posting, analyseCandidate(`Experience\n${resume}`, ctx, NOW)).experience.find((a) => a.kind === "role")!;

  it("earns the posting's own role: a Backend Engineer for a Backend Software Engineer posting", () => {
    expect(posting.title.name).toBe("Software Engineer");
    const backend = role("Backend Engineer, Acme, 2020 – Present\n- Built payment APIs in Go");
    expect([backend.credit, backend.note]).toEqual([1, "as Backend Engineer"]);
    // Fading with its age, as the posting's own title does.
    const old = role("Backend Engineer, Acme, 2008 – 2012\n- Built payment APIs in Go");
    expect(old.credit).toBeLessThan(1);
    expect(old.note).toBe("as Backend Engineer, last held 2012");
  });

  it("earns it too when the title as written, not the catalogue's name for it, is the one the posting's title contains", () => {
    // The catalogue files "Back-End Engineer" under its Backend Engineer; the posting writes the hyphen, as she does.
    const hyphened = analyseJob("Back-End Software Engineer (Go) - Payments\nRequirements\n- Python and Go", ctx);
    const roleIn = (resume: string) =>
      scoreAttributes(hyphened, analyseCandidate(`Experience\n${resume}`, ctx, NOW)).experience.find((a) => a.kind === "role")!;
    const written = roleIn("Senior Back-End Engineer, Acme, 2020 – Present\n- Built payment APIs in Go");
    expect(written.credit).toBe(1);
    expect(written.note).toBe("as Backend Engineer");
    // A title of the group that neither name of it narrows stays a related role.
    const frontend = roleIn("Frontend Developer, Acme, 2020 – Present\n- Built the checkout UI");
    expect(frontend.credit).toBe(RELATED_ROLE_CREDIT * KIN_FLOOR);
  });

  it("leaves other titles of the career group as related roles", () => {
    // Not named by the posting's title: graded by the skills it shares, as before.
    const frontend = role("Frontend Developer, Acme, 2020 – Present\n- Built the checkout UI");
    expect([frontend.credit, frontend.note]).toEqual([RELATED_ROLE_CREDIT * KIN_FLOOR, "related role: Frontend Developer"]);
    const manager = role("Engineering Manager, Acme, 2020 – Present\n- Led the payments team");
    expect(manager.credit).toBeLessThan(RELATED_ROLE_CREDIT);
    // A posting whose title is just the catalogue's: a related title is no narrower reading of it.
    const plain = analyseJob("Software Engineer\nRequirements\n- Python", ctx);
    const backend = scoreAttributes(plain, analyseCandidate("Experience\nBackend Engineer, Acme, 2020 – Present", ctx, NOW)).experience.find((a) => a.kind === "role")!;
    expect(backend.credit).toBe(RELATED_ROLE_CREDIT);
  });
});
