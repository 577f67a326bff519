import type { Catalogue } from "../catalogue/catalogue.ts";
import type { JobLevel, TitleNormalizer } from "../catalogue/normalizer.ts";
import type { SkillTypeName } from "../catalogue/types.ts";
import type { CultureStyle, CultureType } from "./culture/styles.ts";
import type { EducationLevel } from "./lexicon/education.ts";

export interface EngineContext {
  catalogue: Catalogue;
  /** The engine only normalizes titles and reads level words, so any object with these two methods will do. */
  normalizer: Pick<TitleNormalizer, "normalize" | "detectLevels">;
}

/** How firmly a posting asks for something. */
export type Strength = "must" | "nice";

/** A piece of evidence quoted from a text. */
export interface Evidence {
  /** Verbatim passage of the source text (≤ 240 characters). */
  snippet: string;
  /** Section of the text the evidence sits in ("experience", "skills", …). */
  section: string;
  /** In [0, 1]: how reliable the evidence is (see docs/scoring.md, "Snippets"). */
  confidence: number;
}

export interface FieldOfStudy {
  id: string;
  name: string;
  family: string;
}

/** Culture cues found in a text: distinct cues per style. */
export interface CultureSignals {
  counts: Record<CultureStyle, number>;
  total: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Job side

export interface JobTitleInfo {
  /** The posting's title as written, with brackets, locations and employment-type words removed ("" if none). */
  text: string;
  /** Catalogue title the text normalizes to (confidence ≥ 0.5), else null. */
  id: string | null;
  name: string | null;
  careerGroup: string | null;
  confidence: number;
  levels: JobLevel[];
  /**
   * Other catalogue titles of the same career group, each with the share of the posting title's skills it shares
   * (0–1]: how close a related role is to this one ("Chef de Partie" to "Sous Chef" more than "Banquet Server").
   */
  kin: { id: string; overlap: number }[];
}

export interface RelatedSkillRef {
  id: string;
  name: string;
  score: number;
}

export interface SkillAlternative {
  id: string;
  name: string;
  type: SkillTypeName;
  /** Catalogue skills most related to this one; having one of them earns partial credit. */
  related: RelatedSkillRef[];
  /**
   * For a licence or certification: the US state or Canadian province the posting requires it from ("Active Texas
   * Journeyman Electrician license"); absent when the posting names none, several, or accepts others.
   */
  jurisdiction?: string;
  /**
   * For a certification or licence: the posting lets the hire obtain it after hiring or accepts one in progress ("or
   * willing to get it in the first 30 days", "or eligible"); absent otherwise.
   */
  obtainable?: boolean;
  /** Catalogue skills that are a kind of this one by name ("Epic EHR" of "Electronic Health Records"); absent when none. */
  kinds?: string[];
}

export interface SkillRequirement extends SkillAlternative {
  strength: Strength;
  /**
   * Other skills that meet the same requirement: the posting offers a choice ("Python or Go", "an ERP such as SAP,
   * Oracle or NetSuite"). Empty for a single skill.
   */
  alternatives: SkillAlternative[];
}

export interface YearsRequirement {
  years: number;
  strength: Strength;
  /**
   * The posting says internships and student work do not count towards the years, next to the figure itself ("2+
   * years … (internships don't count towards this)"): trainee positions are left out of the candidate's years.
   */
  excludesTraining?: boolean;
  /**
   * The posting says student work counts towards the years, next to the figure ("2+ years of experience (internships
   * count too)"): trainee positions count, at their trainee share.
   */
  includesTraining?: boolean;
  /**
   * The posting asks for recent years, in the figure's own words ("two years of recent RN experience"): only the
   * candidate's months within the last max(RECENT_YEARS, years) years count towards them.
   */
  recent?: boolean;
  /**
   * The posting would take a candidate short of the years: the figure's own clause offers another way to meet it ("2
   * years of experience or equivalent education", "or an associate degree", "in lieu of a degree"), or the posting
   * welcomes new graduates. A must-have figure then keeps its weight but is no bar (isYearsBar, scoring/blocks.ts).
   */
  waivable?: boolean;
}

/** A posting's ask for a record of quota attainment: met in at least `need` of the last `window` periods. */
export interface QuotaRequirement {
  strength: Strength;
  need: number;
  window: number;
}

/**
 * A posting's requirement that the hire be authorised to work in a country ("must be legally authorized to work in
 * the United States"), or its statement that it will not sponsor a visa ("we are unable to sponsor visas").
 */
export interface WorkAuthorisationRequirement {
  /** The country named ("United States"), or null when none is. */
  country: string | null;
  /** Whether the posting states that it will not sponsor a visa. */
  noSponsorship: boolean;
  /** The posting's words. */
  evidence: Evidence;
}

/**
 * What a candidate states about their own authorisation to work: a need for visa sponsorship, a status that will
 * need it (F-1 OPT, a current H-1B), no authorisation in a country, none needed ("no sponsorship required"), or
 * authorisation ("Authorized to work in the US", "US permanent resident").
 */
export type WorkAuthorisationStatus = "needs-sponsorship" | "temporary" | "not-authorised" | "needs-no-sponsorship" | "authorised";

export interface WorkAuthorisationStatement {
  status: WorkAuthorisationStatus;
  /** The country named, or null when none is. */
  country: string | null;
  evidence: Evidence;
}

export interface DegreeRequirement {
  level: EducationLevel;
  strength: Strength;
}

export interface FieldRequirement {
  fields: FieldOfStudy[];
  strength: Strength;
  /** The posting accepts "a related field": a field of the same family then earns full credit. */
  relatedAccepted: boolean;
}

export interface EducationRequirement {
  /** At most one per strength; a nice-to-have degree is kept only when it is higher than the required one. */
  degrees: DegreeRequirement[];
  fields: FieldRequirement | null;
  /** The posting accepts equivalent experience instead of the degree. */
  equivalentExperience: boolean;
}

export interface NamedRequirement {
  kind: "trait" | "interest" | "value";
  id: string;
  name: string;
  strength: Strength;
}

/** One duty of the posting's responsibilities, as terms (see extraction/duties.ts). */
export interface Duty {
  /** The duty as written, shortened to about 80 characters for display. */
  name: string;
  /** Distinct terms: "skill:<catalogue id>" for skills, light stems for other content words. */
  terms: string[];
}

/** A content word of the posting (light stem) with how specific it is to one profession (see extraction/vocabulary.ts). */
export interface VocabularyTerm {
  term: string;
  /** The word as the posting first writes it. */
  word: string;
  weight: number;
}

/** Requirements extracted from a job description. Plain data: can be cached and reused for many candidates. */
export interface JobProfile {
  title: JobTitleInfo;
  /** Location text (label, "based in …", work mode), or null when the posting gives none. */
  location: string | null;
  /** Must-have skills first, each group in order of first mention. */
  skills: SkillRequirement[];
  /** Catalogue skills related to the posting's skills as a whole (for transferable skills), excluding them. */
  relatedSkillIds: string[];
  experience: YearsRequirement | null;
  /** A record of quota attainment the posting asks for (sales postings); absent or null when it asks none. */
  quota?: QuotaRequirement | null;
  /** Work authorisation the posting requires; absent or null when it states none, or states that it sponsors. */
  workAuthorisation?: WorkAuthorisationRequirement | null;
  education: EducationRequirement;
  responsibilities: string[];
  /** The responsibilities as duties, matched against the candidate's work history. */
  duties: Duty[];
  /** Domain vocabulary of the posting beyond its catalogue skills, matched against the work history. */
  vocabulary: VocabularyTerm[];
  /** The posting's whole wording, skills and title included, for lexical relevance (scoring/relevance.ts). */
  wording: VocabularyTerm[];
  traits: NamedRequirement[];
  interests: NamedRequirement[];
  values: NamedRequirement[];
  culture: CultureSignals;
}

// ---------------------------------------------------------------------------------------------------------------
// Candidate side

/**
 * How a skill is evidenced: used in the work history (a dated position or the experience section), in projects, or
 * only listed (skills list, summary, coursework, …).
 */
export type SkillUse = "work" | "project" | "listed";

export interface CandidateSkill {
  id: string;
  name: string;
  type: SkillTypeName;
  mentions: number;
  use: SkillUse;
  /** "YYYY-MM": last month of the most recent dated position that mentions the skill; null when none does. */
  lastUsed: string | null;
  /**
   * For certifications and licences: "held", or "pending" / "lapsed" when every mention says so ("CPA (pending)",
   * "CPR expired 2021"). Always "held" for other skills.
   */
  status: "held" | "pending" | "lapsed";
  /**
   * For certifications and licences held: the US states or Canadian provinces their mentions name as the issuer
   * ("Oklahoma Journeyman Electrician License"); absent when no held mention names one.
   */
  jurisdictions?: string[];
  evidence: Evidence;
}

export interface Degree {
  level: EducationLevel;
  fields: FieldOfStudy[];
  institution: string | null;
  /** "expected 2026", "pursuing", "– present": not yet obtained. */
  inProgress: boolean;
  evidence: Evidence;
}

export interface CandidateEducation {
  /** Highest completed level on the ladder; "none" when no evidence. */
  level: EducationLevel;
  /** Highest level of a degree in progress, if above `level`. */
  inProgressLevel: EducationLevel | null;
  degrees: Degree[];
  fields: FieldOfStudy[];
  institutions: string[];
}

export interface Position {
  /** Title as written, with adjacent level words ("Senior Software Engineer"), when recognised. */
  title: string | null;
  /** Catalogue title it stands for. */
  catalogueTitle: string | null;
  /** Employer as written next to the title or dates ("Ferrosight Billing"), when one can be told apart. */
  employer: string | null;
  titleId: string | null;
  careerGroup: string | null;
  levels: JobLevel[];
  /** "YYYY-MM" of the first month. */
  start: string;
  /** "YYYY-MM" of the last month ("Present" resolved against `now`). */
  end: string;
  months: number;
  current: boolean;
  /**
   * Share of a full-time professional month each month of the position counts for in years of experience: 1; less
   * for internships, student jobs and practicums, and for part-time work (see docs/scoring.md, "Positions and years").
   */
  share: number;
  /**
   * Work done while studying (an internship, co-op, practicum or student job), which a posting may leave out of its
   * years ("internships don't count towards this"); absent otherwise.
   */
  trainee?: true;
  /**
   * The position's own lines say its holder no longer does the hands-on work ("I no longer carry a patient
   * assignment", "no direct patient care"): an educator's or manager's role whose lines describe what they teach or
   * oversee, not what they do. Absent otherwise.
   */
  handsOff?: true;
  /** Catalogue skills mentioned in the position's lines (title, dates and the lines up to the next position). */
  skills: string[];
  /**
   * Indexes of the first and last lines of the position's entry in the résumé (title or date line to the line before
   * the next entry), to tell which work lines are its own (`WorkLine.line`); absent in profiles read before it.
   */
  lines?: { first: number; last: number };
  /**
   * When the catalogue knows no title for the position: the text of the lines its title would be on (the date line
   * and its neighbours, as titles are searched), so that a title the catalogue does not know can still be read
   * against the posting's ("Inbound Operations Supervisor" for a Warehouse Supervisor posting).
   */
  titleLines?: string;
  evidence: Evidence;
}

export interface HeldTitle {
  id: string;
  name: string;
  careerGroup: string;
  /** Highest level held under this title; a title without level words counts as "mid". */
  level: JobLevel;
}

export interface CandidateExperience {
  /** Most recent first. */
  positions: Position[];
  /** Months covered by the positions, overlaps counted once. */
  months: number;
  /** Years of experience: from the positions, else the largest "N years of experience" statement, else 0. */
  years: number;
  source: "dates" | "stated" | "none";
  statedYears: number | null;
  statedEvidence: Evidence | null;
  /** Distinct catalogue titles held, most recent first. */
  titles: HeldTitle[];
}

export interface NamedEvidence {
  /** Lexicon id, or null for a free-text item of an interests section. */
  id: string | null;
  name: string;
  evidence: Evidence;
}

/** A line of the candidate's work history (experience section or a dated position) with its terms. */
export interface WorkLine {
  terms: string[];
  /** Each term as the passage first writes it ("Reconciled", "Postgres"), in the order of `terms`. */
  words: string[];
  /** Last month ("YYYY-MM") of the most recent dated position the passage belongs to; null outside dated positions. */
  lastUsed: string | null;
  /** Index of the passage's first line in the résumé, to tell the position it belongs to (`Position.lines`). */
  line?: number;
  evidence: Evidence;
}

/** A term a candidate states outside the work history, with the words that first wrote it. */
export interface StatedTerm {
  term: string;
  word: string;
}

/** Evidence extracted from a candidate text. Plain data. */
/** One period's attainment: a percentage of quota, with its year when written ("118% (2023)"). */
export interface QuotaPeriod {
  year: number | null;
  percent: number;
  evidence: Evidence;
  /** From a counted statement ("100%+ of quota in four of five years"): met (100) or not (0), no figure. */
  counted?: boolean;
  /** Last year of the position the figure was read in, when dated. */
  held?: number;
}

/** Quota attainment shown in the work history. */
export interface QuotaEvidence {
  periods: QuotaPeriod[];
  /** Recognition given for attainment (President's Club, Rep of the Quarter, a top rank). */
  recognition: Evidence[];
}

export interface CandidateProfile {
  /** "YYYY-MM" of the `now` the text was read against: ages of positions and skills are counted from it. */
  asOf: string;
  textLength: number;
  /** Recognised résumé sections, in order of appearance. */
  sections: string[];
  /** In order of first mention. */
  skills: CandidateSkill[];
  education: CandidateEducation;
  experience: CandidateExperience;
  /** Lines of the work history, for matching the posting's duties. */
  work: WorkLine[];
  /** Quota attainment shown in the work history; absent when not read. */
  quota?: QuotaEvidence;
  /** The candidate's own statements of work authorisation, in text order; absent or empty when none is made. */
  workAuthorisation?: WorkAuthorisationStatement[];
  /** Terms of the skills list, summary, certifications and projects: stated, not shown in a role. */
  stated: StatedTerm[];
  traits: NamedEvidence[];
  interests: NamedEvidence[];
  values: NamedEvidence[];
  culture: CultureSignals;
}

// ---------------------------------------------------------------------------------------------------------------
// Output (spec Parts 2.7a and 2.8)

export interface AnalysisBlock {
  /** "<fully matched>/<total>" attributes. */
  attributes_matched: string;
  matched_attributes: string[];
  unmatched_attributes: string[];
  /** Weighted matched share in [0, 1], partial credit included. */
  layer_two_score: number;
}

export interface ContextSummary {
  matched_summary: string;
  skills_bucket: string;
  traits_interest_bucket: string;
  education_bucket: string;
  experience_bucket: string;
  culture_compatibility_bucket: string;
  values_bucket: string;
  culture_compatibility_label: string;
  requirement_gaps: string[];
}

export interface SourceSnippet {
  snippet: string;
  confidence_score: number;
}

export interface ContextSnippets {
  summary: string;
  source_snippets: SourceSnippet[];
  overall_confidence_score: number;
}

export type CultureLabel = "High Alignment" | "Moderate Alignment" | "Low Alignment" | "Insufficient Evidence";

export interface CultureChartEntry {
  type: CultureType;
  company: number;
  candidate: number;
}

export interface CultureFit {
  score: number;
  label: CultureLabel;
  chart_data: CultureChartEntry[];
}

export interface SkillsBreakdown {
  soft: string[];
  technical: string[];
  transferable: string[];
}

/** Spec 2.8.1. */
export interface FullInsights {
  layer_one_score: number;
  analysed_education: AnalysisBlock;
  analysed_experience: AnalysisBlock;
  analysed_skills: AnalysisBlock;
  analysed_interests: AnalysisBlock;
  context_summary: ContextSummary;
  context_snippets: ContextSnippets;
  posted_date: string;
  skills_breakdown: SkillsBreakdown;
  interests: string[];
  traits: string[];
  culture_fit: CultureFit;
}

export type Potential = "High" | "Medium" | "Low";

/** Spec 2.7a. */
export interface CompactInsights {
  score: number;
  strengths: string[];
  areas_for_improvement: string[];
  cultural_fit: string;
  long_term_potential: Potential;
}

export interface MatchResult {
  /** 0–100 with two decimals (= layer_one_score × 100). */
  match_score: number;
  job_title: string;
  job_located_at: string;
  candidate_name: string;
  recommendation_insights: FullInsights;
  summary: CompactInsights;
  job_title_id: string | null;
}
