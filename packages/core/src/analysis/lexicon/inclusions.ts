import type { Catalogue } from "../../catalogue/catalogue.ts";
import type { Skill } from "../../catalogue/types.ts";

/**
 * Skills that include another, by catalogue name: having the first meets a requirement for the second, as a recruiter
 * reads it. Curated, because names alone mislead ("AWS D1.1" is a welding code, "Azure DevOps" runs anywhere,
 * "Amazon Advertising" is no cloud). Names the loaded catalogue does not have are skipped, so an imported catalogue
 * simply gets none of them.
 *
 * Credential ladders the issuing bodies define: the 30-hour OSHA card covers the 10-hour course; a master electrician
 * was a journeyman first and may do a journeyman's work; a Class A CDL lets its holder drive Class B vehicles; a
 * certified food protection manager meets a food-handler requirement; a compact (multistate) nursing licence is an RN
 * licence. A higher certificate of another kind (CCNP over
 * CCNA, CSWP over CSWA) does not replace the lower one.
 *
 * Platforms and their services: work on Amazon EC2 or RDS is work on AWS; a managed Kubernetes service is Kubernetes.
 * Languages and their dialects: T-SQL and PL/SQL are SQL. Advertising platforms and their channel: Google Ads work is
 * paid search, Meta (Facebook) ads work is paid social; and the channels are digital marketing.
 */
export const INCLUSIONS: ReadonlyArray<readonly [included: string, by: readonly string[]]> = [
  ["OSHA 10", ["OSHA 30"]],
  ["Journeyman Electrician License", ["Master Electrician License"]],
  ["CDL Class B", ["CDL Class A"]],
  ["Commercial Driver's License (CDL)", ["CDL Class A", "CDL Class B"]],
  ["Food Handler Certificate", ["ServSafe Food Protection Manager"]],
  // A multistate (Nurse Licensure Compact) licence is an RN licence, valid in the holder's home state and the others.
  ["Registered Nurse (RN) License", ["Nurse Licensure Compact (NLC) License"]],
  ["NEBOSH General Certificate", ["NEBOSH Diploma"]],
  [
    "Amazon Web Services",
    [
      "Amazon EC2", "Amazon S3", "AWS Lambda", "Amazon VPC", "Amazon RDS", "AWS CloudFormation", "Amazon CloudWatch",
      "AWS IAM", "Amazon EKS", "Amazon ECS", "Amazon DynamoDB", "Amazon Redshift", "AWS Glue", "Amazon SageMaker",
    ],
  ],
  ["Microsoft Azure", ["Azure Kubernetes Service", "Azure Functions", "Azure Synapse Analytics", "Azure Data Factory", "Azure Machine Learning"]],
  ["Google Cloud Platform", ["Google Kubernetes Engine", "Google BigQuery"]],
  ["Kubernetes", ["Amazon EKS", "Azure Kubernetes Service", "Google Kubernetes Engine"]],
  // Dialects of SQL: "T-SQL" and "PL/SQL" are SQL work. A database's name is not ("sponsored the move off SQL Server").
  ["SQL", ["T-SQL", "PL/SQL"]],
  // The methods of a discipline and the features of a tool: hypothesis tests and regressions are statistics work;
  // lookups and pivot tables are built in Excel.
  ["Statistics", ["Hypothesis Testing", "Regression Analysis"]],
  ["Microsoft Excel", ["VLOOKUP", "Pivot Tables"]],
  // A school-wide behaviour framework run in one's own room is how a teacher manages the class: PBIS expectations
  // taught, reinforced and acknowledged in the classroom are classroom-management work.
  ["Classroom Management", ["Positive Behavioral Interventions and Supports (PBIS)"]],
  // Workforce management suites: building schedules in UKG (Kronos), Dayforce, Reflexis or a contact centre's WFM tool
  // is workforce management work.
  ["Workforce Management", ["UKG", "Dayforce", "Reflexis", "Verint", "Calabrio", "NICE IEX WFM"]],
  // The statutes of US employment law: advising on FLSA overtime and exempt status, administering FMLA leave or ADA
  // accommodations, or EEO compliance is applying employment law ("know the basics of US employment law: FMLA, ADA,
  // FLSA, Title VII and I-9 compliance"). ADA Compliance only where its mention is about accommodating people
  // (READ_FROM): "ADA compliance" is as often a website's accessibility (WCAG) work or a building's ramps.
  ["Employment Law", ["FLSA", "FMLA", "ADA Compliance", "EEO Compliance"]],
  // Investigating harassment, discrimination and misconduct complaints is the casework of employee relations.
  ["Employee Relations", ["Workplace Investigations"]],
  // Advertising platforms and the channel they buy: running Google Ads or Microsoft Advertising (Bing) accounts is
  // paid-search (pay-per-click) work; running Facebook/Instagram, TikTok or LinkedIn ads is paid social.
  ["Pay-Per-Click Advertising", ["Google Ads", "Microsoft Advertising"]],
  ["Paid Social Advertising", ["Meta Ads Manager", "TikTok Ads", "LinkedIn Ads"]],
  // Digital marketing is the work of its online channels ("search, social media, email and display", as the catalogue
  // describes it): running paid search, paid social, SEO or email is digital-marketing work.
  [
    "Digital Marketing",
    [
      "Pay-Per-Click Advertising", "Paid Social Advertising", "Search Engine Optimization", "Search Engine Marketing",
      "Social Media Marketing", "Email Marketing", "Display Advertising", "Programmatic Advertising", "Growth Marketing",
      "E-commerce Marketing",
    ],
  ],
  // Cold calling, phoning prospective customers who have had no contact yet, is outbound calling and is prospecting.
  ["Outbound Calling", ["Cold Calling"]],
  ["Prospecting", ["Cold Calling"]],
];

/**
 * An including credential held as another kind than the one it includes: the Nurse Licensure Compact issues multistate
 * licences to LPNs and LVNs as well as to RNs, so a compact licence is no RN licence when the candidate holds an LPN
 * licence or the mention itself names a practical or vocational nurse ("LPN, Multistate (Compact) License").
 */
const HELD_AS_OTHER: ReadonlyMap<string, { held: readonly string[]; named: RegExp }> = new Map([
  [
    "Nurse Licensure Compact (NLC) License",
    { held: ["Licensed Practical Nurse (LPN) License"], named: /\b(?:LPNs?|LVNs?|(?:licensed\s+)?(?:practical|vocational)\s+nurses?)\b/iu },
  ],
]);

/**
 * An including skill that includes only when its mention says so: ADA compliance is employment law when it is about
 * accommodating employees ("reasonable-accommodation conversation", "ADA accommodation requests"), not a website's
 * WCAG conformance or a store's ramps and restrooms.
 */
const READ_FROM: ReadonlyMap<string, RegExp> = new Map([["ADA Compliance", /accommodat|interactive\s+process/iu]]);

/**
 * Whether a held including skill or credential (by catalogue name) meets what it includes, given the names of the
 * candidate's skills and the text of its mention: see HELD_AS_OTHER and READ_FROM.
 */
export function includesAsHeld(including: string, heldNames: ReadonlySet<string>, mention: string): boolean {
  const other = HELD_AS_OTHER.get(including);
  if (other && (other.held.some((name) => heldNames.has(name)) || other.named.test(mention))) return false;
  const readFrom = READ_FROM.get(including);
  return !readFrom || readFrom.test(mention);
}

/**
 * Each key's includers followed transitively (a includes b, b includes c: both a and b include c), in the order
 * reached; a cycle stops at the skills already reached and no skill includes itself.
 */
export function closeInclusions(direct: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const closed = new Map<string, string[]>();
  for (const [id, including] of direct) {
    const reached = new Set<string>();
    const stack: string[] = [];
    const pushAll = (ids: readonly string[]) => {
      for (let k = ids.length - 1; k >= 0; k--) if (ids[k] !== id && !reached.has(ids[k]!)) stack.push(ids[k]!);
    };
    pushAll(including);
    while (stack.length) {
      const next = stack.pop()!;
      if (reached.has(next)) continue;
      reached.add(next);
      pushAll(direct.get(next) ?? []);
    }
    closed.set(id, [...reached]);
  }
  return closed;
}

const indexes = new WeakMap<Catalogue, Map<string, string[]>>();

/**
 * Included skill id → ids of the skills that include it, of the same type, followed transitively: Google Ads includes
 * paid search, which is digital marketing, so Google Ads work meets a digital-marketing requirement. Built once per
 * catalogue; a cycle in the list (none is meant) stops at the skills already reached.
 */
function inclusionIndex(catalogue: Catalogue): Map<string, string[]> {
  let index = indexes.get(catalogue);
  if (index) return index;
  const byName = new Map<string, Skill[]>();
  for (const s of catalogue.skills) byName.set(s.name, [...(byName.get(s.name) ?? []), s]);
  const direct = new Map<string, string[]>();
  for (const [included, by] of INCLUSIONS) {
    for (const skill of byName.get(included) ?? []) {
      const including = by.flatMap((name) => byName.get(name) ?? []).filter((s) => s.type === skill.type);
      direct.set(skill.id, [...(direct.get(skill.id) ?? []), ...including.map((s) => s.id)]);
    }
  }
  index = closeInclusions(direct);
  indexes.set(catalogue, index);
  return index;
}

/**
 * Skills that include the given one, directly or through another (OSHA 30 for OSHA 10, Amazon EC2 for Amazon Web
 * Services, Google Ads for digital marketing through paid search); often none.
 */
export function includingSkills(catalogue: Catalogue, skill: Skill): string[] {
  return inclusionIndex(catalogue).get(skill.id) ?? [];
}
