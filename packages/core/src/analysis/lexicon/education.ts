/**
 * Education vocabulary: the level ladder, degree phrases and fields of study. Degree phrases carry the level they
 * prove; short abbreviations that are also ordinary words or other things ("MS Office", "BA" the airline, "AS") are
 * marked ambiguous and only count next to other education evidence (see extraction/education.ts).
 */

/** The education ladder, lowest first. A candidate's level is the highest rung with evidence; "none" means none found. */
export const EDUCATION_LEVELS = ["none", "secondary", "vocational", "associate", "bachelor", "master", "doctorate"] as const;
export type EducationLevel = (typeof EDUCATION_LEVELS)[number];

export const EDUCATION_LEVEL_NAMES: Record<EducationLevel, string> = {
  none: "No formal education",
  secondary: "High school diploma",
  vocational: "Vocational certificate or diploma",
  associate: "Associate degree",
  bachelor: "Bachelor's degree",
  master: "Master's degree",
  doctorate: "Doctorate",
};

export const educationRank = (level: EducationLevel): number => EDUCATION_LEVELS.indexOf(level);

export interface DegreeEntry {
  kind: "degree";
  id: string;
  level: EducationLevel;
  /** Only counts with other education evidence nearby. */
  ambiguous: boolean;
  /** A bare "degree": read as a bachelor's in postings, never used as candidate evidence. */
  generic: boolean;
  /** Field of study implied by the degree name (MBA → Business Administration). */
  field: string | null;
  /**
   * A word that names the kind of award but not the school ("diploma"): "Diploma, Lincoln High School" is the
   * high-school diploma, read from the school's name, not a vocational diploma beside it.
   */
  bare: boolean;
  /**
   * A word that names a degree in a résumé but, in a posting, the level of the job: "Licensed Commercial Electrician
   * (Journeyman)" asks for a journeyman, not for a diploma.
   */
  resumeOnly: boolean;
}

export interface FieldEntry {
  kind: "field";
  id: string;
  name: string;
  /** Fields in the same family earn partial credit for each other. */
  family: string;
}

interface DegreeSpec {
  level: EducationLevel;
  phrases: string;
  ambiguous?: boolean;
  generic?: boolean;
  field?: string;
  caseSensitive?: boolean;
  bare?: boolean;
  resumeOnly?: boolean;
}

// Phrases are written as they appear; tokenisation makes "Master's", "Masters" and "MASTER'S" equivalent where listed.
const DEGREES: DegreeSpec[] = [
  {
    level: "secondary",
    phrases:
      "high school|high school diploma|high-school diploma|secondary school|secondary school diploma|secondary education|ged|a levels|a-levels|a-level|abitur|gcse|gcses|international baccalaureate|ib diploma|matura",
  },
  // A high-school diploma by its abbreviation or its equivalency test: "HS diploma", "H.S. Diploma", "HiSET".
  {
    level: "secondary",
    phrases:
      "hs diploma|h.s diploma|hs graduate|h.s graduate|high school equivalency|high school equivalency diploma|" +
      "high school equivalency certificate|high-school equivalency|hiset|general educational development",
  },
  {
    level: "vocational",
    phrases:
      "vocational|vocational training|vocational qualification|vocational certificate|vocational diploma|trade school|technical diploma|apprenticeship|completed apprenticeship|nvq|btec|hnc|hnd|city and guilds|certificate iv",
  },
  // Read as its neutral word in every document ("Journeyman", "Journeywoman" → journeyperson; text/occupations.ts).
  { level: "vocational", phrases: "journeyperson", resumeOnly: true },
  // A bare "diploma" is vocational unless its sentence names a secondary school (see DegreeEntry.bare).
  { level: "vocational", phrases: "diploma", bare: true },
  // Australian and New Zealand vocational qualifications: "Certificate III in Commercial Cookery".
  { level: "vocational", phrases: "certificate ii|certificate iii|cert iii|cert iv" },
  {
    level: "associate",
    phrases:
      "associate degree|associate's degree|associates degree|associate of arts|associate of science|associate of applied science|associate in applied science|associate in arts|associate in science|associate in general studies|associate in occupational studies|foundation degree|community college diploma",
  },
  { level: "associate", phrases: "AA|AS|AAS|A.A|A.S|A.A.S", ambiguous: true, caseSensitive: true },
  // Nursing degrees go by their initials in postings and résumés alike: "ADN or BSN", "BSN, Drexel University".
  { level: "associate", phrases: "associate degree in nursing|associate of science in nursing|associate's degree in nursing", field: "nursing" },
  { level: "associate", phrases: "ADN", field: "nursing", caseSensitive: true },
  // "ASN" is also a network's autonomous system number.
  { level: "associate", phrases: "ASN", field: "nursing", ambiguous: true, caseSensitive: true },
  {
    level: "bachelor",
    phrases:
      "bachelor|bachelors|bachelor's|bachelor degree|bachelors degree|bachelor's degree|bachelor of science|bachelor of arts|bachelor of technology|bachelor of applied science|undergraduate degree|university degree|college degree|4-year degree|four-year degree|four year degree|bsc|b.sc|btech|b.tech|bcom|b.com|licenciatura|laurea",
  },
  { level: "bachelor", phrases: "bachelor of computer science", field: "computer-science" },
  { level: "bachelor", phrases: "bachelor of engineering|beng|b.eng|b.e", field: "engineering" },
  { level: "bachelor", phrases: "BE", field: "engineering", ambiguous: true, caseSensitive: true },
  { level: "bachelor", phrases: "bachelor of fine arts|bfa", field: "fine-arts" },
  { level: "bachelor", phrases: "bachelor of business administration|bba", field: "business-administration" },
  { level: "bachelor", phrases: "bachelor of commerce", field: "commerce" },
  { level: "bachelor", phrases: "bachelor of education", field: "education" },
  { level: "bachelor", phrases: "bachelor of science in nursing|bachelor of nursing|b.s.n", field: "nursing" },
  { level: "bachelor", phrases: "BSN", field: "nursing", caseSensitive: true },
  { level: "bachelor", phrases: "bachelor of laws|llb", field: "law" },
  // Engineers, computer scientists and business graduates name their degree by its initials: "BSME, Purdue", "MSEE",
  // "BSCS", "B.S.B.A., Finance".
  { level: "bachelor", phrases: "bsme|b.s.m.e|bsmech", field: "mechanical-engineering" },
  { level: "bachelor", phrases: "bsee|b.s.e.e", field: "electrical-engineering" },
  { level: "bachelor", phrases: "bsche|b.s.ch.e", field: "chemical-engineering" },
  { level: "bachelor", phrases: "bsie|b.s.i.e", field: "industrial-engineering" },
  { level: "bachelor", phrases: "bscs|b.s.c.s", field: "computer-science" },
  { level: "bachelor", phrases: "bsba|b.s.b.a", field: "business-administration" },
  { level: "bachelor", phrases: "BS|BA|B.S|B.A", ambiguous: true, caseSensitive: true },
  { level: "bachelor", phrases: "degree|degrees", generic: true },
  {
    level: "master",
    phrases:
      "master's|masters|master degree|masters degree|master's degree|master of science|master of arts|master of technology|graduate degree|postgraduate degree|post-graduate degree|advanced degree|postgraduate diploma|msc|m.sc|mtech|m.tech|mphil|m.phil|diplom",
  },
  { level: "master", phrases: "master of business administration|mba|executive mba|emba", field: "business-administration" },
  { level: "master", phrases: "master of computer science", field: "computer-science" },
  { level: "master", phrases: "master of engineering|meng|m.eng|m.e", field: "engineering" },
  { level: "master", phrases: "ME", field: "engineering", ambiguous: true, caseSensitive: true },
  // MSME is also small-business lending ("MSME lending"), MSCS Microsoft Cluster Service: degrees only as one.
  { level: "master", phrases: "msme|m.s.m.e", field: "mechanical-engineering", ambiguous: true },
  { level: "master", phrases: "msee|m.s.e.e", field: "electrical-engineering" },
  { level: "master", phrases: "mscs|m.s.c.s", field: "computer-science", ambiguous: true },
  { level: "master", phrases: "master of fine arts|mfa", field: "fine-arts" },
  { level: "master", phrases: "master of public health|mph", field: "public-health" },
  { level: "master", phrases: "master of education|m.ed", field: "education" },
  { level: "master", phrases: "MEd", field: "education", caseSensitive: true },
  { level: "master", phrases: "master of science in nursing|master of nursing", field: "nursing" },
  // "MSN" is also a web portal.
  { level: "master", phrases: "MSN", field: "nursing", ambiguous: true, caseSensitive: true },
  { level: "doctorate", phrases: "doctor of nursing practice", field: "nursing" },
  // "DNP" is also a SCADA protocol ("Modbus and DNP 3.0").
  { level: "doctorate", phrases: "DNP", field: "nursing", ambiguous: true, caseSensitive: true },
  { level: "master", phrases: "MS|MA|M.S|M.A", ambiguous: true, caseSensitive: true },
  {
    level: "doctorate",
    phrases: "phd|ph.d|ph. d|doctorate|doctoral degree|doctoral|doctor of philosophy|dphil|d.phil|edd|ed.d|doctor of science",
  },
];

interface FieldSpec {
  name: string;
  family: string;
  phrases?: string;
}

const FIELDS: FieldSpec[] = [
  { name: "Computer Science", family: "computing", phrases: "computer science|computer sciences|comp sci|cs" },
  { name: "Computer Engineering", family: "computing", phrases: "computer engineering" },
  { name: "Software Engineering", family: "computing", phrases: "software engineering|software development" },
  { name: "Information Technology", family: "computing", phrases: "information technology" },
  { name: "Information Systems", family: "computing", phrases: "information systems|computer information systems|management information systems|mis" },
  { name: "Data Science", family: "computing", phrases: "data science|data analytics" },
  { name: "Artificial Intelligence", family: "computing", phrases: "artificial intelligence|machine learning" },
  { name: "Cybersecurity", family: "computing", phrases: "cybersecurity|cyber security|information security" },
  { name: "Informatics", family: "computing", phrases: "informatics|computing" },
  { name: "Electrical Engineering", family: "engineering", phrases: "electrical engineering|electronic engineering|electronics engineering|electrical and electronic engineering|electronics" },
  { name: "Mechanical Engineering", family: "engineering", phrases: "mechanical engineering" },
  { name: "Civil Engineering", family: "engineering", phrases: "civil engineering|structural engineering" },
  { name: "Chemical Engineering", family: "engineering", phrases: "chemical engineering" },
  { name: "Industrial Engineering", family: "engineering", phrases: "industrial engineering" },
  { name: "Aerospace Engineering", family: "engineering", phrases: "aerospace engineering|aeronautical engineering" },
  { name: "Biomedical Engineering", family: "engineering", phrases: "biomedical engineering" },
  { name: "Mechatronics", family: "engineering", phrases: "mechatronics" },
  // Engineering technology is its own degree (ABET-ETAC, applied rather than design-and-analysis): "B.S. in Mechanical
  // Engineering Technology" is no Mechanical Engineering degree, though of the same family.
  {
    name: "Engineering Technology",
    family: "engineering",
    phrases:
      "engineering technology|mechanical engineering technology|electrical engineering technology|electronics engineering technology|civil engineering technology|manufacturing engineering technology|bsmet|b.s.m.e.t|bset|b.s.e.t",
  },
  { name: "Engineering", family: "engineering", phrases: "engineering" },
  { name: "Mathematics", family: "quantitative", phrases: "mathematics|math|maths|applied mathematics" },
  { name: "Statistics", family: "quantitative", phrases: "statistics|biostatistics" },
  { name: "Physics", family: "quantitative", phrases: "physics|applied physics" },
  { name: "Operations Research", family: "quantitative", phrases: "operations research" },
  { name: "Economics", family: "business", phrases: "economics|econometrics" },
  { name: "Chemistry", family: "science", phrases: "chemistry|biochemistry" },
  { name: "Biology", family: "science", phrases: "biology|life sciences|molecular biology|microbiology" },
  { name: "Environmental Science", family: "science", phrases: "environmental science|environmental studies" },
  { name: "Neuroscience", family: "science", phrases: "neuroscience" },
  { name: "Business Administration", family: "business", phrases: "business administration|business management|business" },
  { name: "Management", family: "business", phrases: "management" },
  { name: "Finance", family: "business", phrases: "finance|financial management" },
  { name: "Accounting", family: "business", phrases: "accounting|accountancy" },
  { name: "Marketing", family: "business", phrases: "marketing" },
  { name: "Commerce", family: "business", phrases: "commerce" },
  { name: "Human Resources", family: "business", phrases: "human resources|human resource management" },
  { name: "Supply Chain Management", family: "business", phrases: "supply chain management|logistics" },
  { name: "Nursing", family: "health", phrases: "nursing" },
  { name: "Medicine", family: "health", phrases: "medicine" },
  { name: "Pharmacy", family: "health", phrases: "pharmacy" },
  { name: "Public Health", family: "health", phrases: "public health|health sciences" },
  { name: "Psychology", family: "social", phrases: "psychology" },
  { name: "Sociology", family: "social", phrases: "sociology|anthropology" },
  { name: "Political Science", family: "social", phrases: "political science|politics|international relations" },
  { name: "Social Work", family: "social", phrases: "social work" },
  { name: "English", family: "humanities", phrases: "english|english literature|literature" },
  { name: "History", family: "humanities", phrases: "history" },
  { name: "Philosophy", family: "humanities", phrases: "philosophy" },
  { name: "Linguistics", family: "humanities", phrases: "linguistics" },
  { name: "Communications", family: "humanities", phrases: "communications|communication studies|journalism|media studies" },
  { name: "Design", family: "design", phrases: "design|graphic design|industrial design|interaction design|visual communication" },
  { name: "Fine Arts", family: "design", phrases: "fine arts|art|arts" },
  { name: "Architecture", family: "design", phrases: "architecture" },
  { name: "Law", family: "law", phrases: "law|legal studies|laws" },
  // A degree "with teacher licensure" or through a teacher-preparation programme prepared its holder to teach, whatever
  // its major ("Bachelor of Arts in Liberal Studies with teacher licensure").
  {
    name: "Education",
    family: "education",
    phrases: "education|teaching|teacher licensure|teacher licensing|teacher certification|teacher preparation|teacher preparation program|teaching credential",
  },
];

const fieldId = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]+/g, "-");

export const FIELD_ENTRIES: FieldEntry[] = FIELDS.map((f) => ({
  kind: "field",
  id: fieldId(f.name),
  name: f.name,
  family: f.family,
}));

const fieldById = new Map(FIELD_ENTRIES.map((f) => [f.id, f]));
export const fieldEntry = (id: string): FieldEntry | undefined => fieldById.get(id);

export interface LexiconPattern<T> {
  phrase: string;
  value: T;
  caseSensitive?: boolean;
}

export function educationPatterns(): LexiconPattern<DegreeEntry | FieldEntry>[] {
  const out: LexiconPattern<DegreeEntry | FieldEntry>[] = [];
  DEGREES.forEach((spec, i) => {
    const value: DegreeEntry = {
      kind: "degree",
      id: `${spec.level}-${i}`,
      level: spec.level,
      ambiguous: spec.ambiguous ?? false,
      generic: spec.generic ?? false,
      field: spec.field ?? null,
      bare: spec.bare ?? false,
      resumeOnly: spec.resumeOnly ?? false,
    };
    for (const phrase of spec.phrases.split("|")) out.push({ phrase, value, caseSensitive: spec.caseSensitive ?? false });
  });
  FIELDS.forEach((spec, i) => {
    const value = FIELD_ENTRIES[i]!;
    for (const phrase of new Set([spec.name, ...(spec.phrases?.split("|") ?? [])])) {
      // "CS" and "MIS" are field names only in capitals ("cs" is noise in lower case).
      const caseSensitive = phrase === "cs" || phrase === "mis";
      out.push({ phrase: caseSensitive ? phrase.toUpperCase() : phrase, value, caseSensitive });
    }
  });
  return out;
}
