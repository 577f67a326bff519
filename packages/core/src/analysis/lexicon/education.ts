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
  { level: "bachelor", phrases: "bachelor of social work|b.s.w", field: "social-work" },
  // "BSW" is also Baylor Scott & White, a health system.
  { level: "bachelor", phrases: "BSW", field: "social-work", ambiguous: true, caseSensitive: true },
  { level: "bachelor", phrases: "bachelor of architecture|b.arch", field: "architecture" },
  { level: "bachelor", phrases: "BArch", field: "architecture", caseSensitive: true },
  // "B.S. Pharm, 1998": the bachelor's the PharmD replaced, as its holders write it.
  {
    level: "bachelor",
    phrases: "bachelor of pharmacy|bachelor of science in pharmacy|bpharm|b.pharm|b.s pharm|bs pharm|b.sc pharm|bsc pharm|b.s.pharm|bspharm",
    field: "pharmacy",
  },
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
  // "MFA" is also multi-factor authentication and "MPH" a speed ("65 MPH"): the initials count only in capitals and
  // with other education evidence.
  { level: "master", phrases: "master of fine arts|m.f.a", field: "fine-arts" },
  { level: "master", phrases: "MFA", field: "fine-arts", ambiguous: true, caseSensitive: true },
  { level: "master", phrases: "master of public health|m.p.h", field: "public-health" },
  { level: "master", phrases: "MPH", field: "public-health", ambiguous: true, caseSensitive: true },
  { level: "master", phrases: "master of education|m.ed", field: "education" },
  { level: "master", phrases: "MEd", field: "education", caseSensitive: true },
  { level: "master", phrases: "master of science in nursing|master of nursing", field: "nursing" },
  // "MSN" is also a web portal.
  { level: "master", phrases: "MSN", field: "nursing", ambiguous: true, caseSensitive: true },
  { level: "doctorate", phrases: "doctor of nursing practice", field: "nursing" },
  // "DNP" is also a SCADA protocol ("Modbus and DNP 3.0").
  { level: "doctorate", phrases: "DNP", field: "nursing", ambiguous: true, caseSensitive: true },
  { level: "master", phrases: "MS|MA|M.S|M.A", ambiguous: true, caseSensitive: true },
  // Professional master's degrees, by name and initials. Initials that are also other things are ambiguous: MSW
  // (municipal solid waste), MPA (Motion Picture Association; "MPa" the unit is another case), MHA (Mental Health
  // America), MAT (a mat), MSF (Médecins Sans Frontières), "LLM" (a large language model). "MArch" is "March" in
  // other capitals. An LL.M. follows a first law degree and is a master's: it adds no rung to a J.D.
  { level: "master", phrases: "master of social work|m.s.w", field: "social-work" },
  { level: "master", phrases: "MSW", field: "social-work", ambiguous: true, caseSensitive: true },
  { level: "master", phrases: "master of public administration|m.p.a", field: "public-administration" },
  { level: "master", phrases: "MPA", field: "public-administration", ambiguous: true, caseSensitive: true },
  { level: "master", phrases: "master of health administration|master of healthcare administration|m.h.a", field: "health-administration" },
  { level: "master", phrases: "MHA", field: "health-administration", ambiguous: true, caseSensitive: true },
  { level: "master", phrases: "master of arts in teaching|master of teaching|m.a.t", field: "education" },
  { level: "master", phrases: "MAT", field: "education", ambiguous: true, caseSensitive: true },
  { level: "master", phrases: "m.s.n", field: "nursing" },
  {
    level: "master",
    phrases: "master of physician assistant studies|master of science in physician assistant studies|m.p.a.s|mpas|mspas|m.s.p.a.s",
    field: "physician-assistant-studies",
  },
  { level: "master", phrases: "master of accountancy|master of accounting|master of professional accountancy|m.acc|m.acy", field: "accounting" },
  { level: "master", phrases: "MAcc|MAcy|MPAcc", field: "accounting", caseSensitive: true },
  { level: "master", phrases: "master of science in finance|m.s.f", field: "finance" },
  { level: "master", phrases: "MSF", field: "finance", ambiguous: true, caseSensitive: true },
  {
    level: "master",
    phrases: "master of library and information science|master of library science|master of information and library science|mlis|m.l.i.s",
    field: "library-science",
  },
  { level: "master", phrases: "master of architecture|m.arch", field: "architecture" },
  { level: "master", phrases: "MArch", field: "architecture", caseSensitive: true },
  { level: "master", phrases: "master of laws|ll.m", field: "law" },
  { level: "master", phrases: "LLM", field: "law", ambiguous: true, caseSensitive: true },
  { level: "master", phrases: "master of pharmacy|mpharm|m.pharm", field: "pharmacy" },
  {
    level: "doctorate",
    phrases: "phd|ph.d|ph. d|doctorate|doctoral degree|doctoral|doctor of philosophy|dphil|d.phil|edd|ed.d|doctor of science",
  },
  // First-professional doctorates, the degrees that license a profession: a recruiter reads "PharmD", "DDS" or "J.D."
  // as a doctorate, and a posting asking for one asks for that rung (a Master's does not meet "PharmD required"; a
  // PharmD meets "Master's preferred"). They are placed with the research doctorates rather than on a rung of their
  // own: the ladder measures how far a candidate's schooling goes, and the field says which profession it is. The
  // MBBS, the first medical degree outside North America, is the same qualification as an M.D. Initials that are
  // ordinary words or other things need other education evidence (see extraction/education.ts): MD and DC are also
  // Maryland and the District of Columbia, DO and OD words or an outer diameter, JD a job description or J.D. Edwards,
  // DDS a data distribution service, DMD a disease, DPT a vaccine, OTD on-time delivery, DVM a digital voltmeter.
  { level: "doctorate", phrases: "doctor of medicine|m.d|mbbs|m.b.b.s", field: "medicine" },
  { level: "doctorate", phrases: "MD", field: "medicine", ambiguous: true, caseSensitive: true },
  { level: "doctorate", phrases: "doctor of osteopathic medicine|doctor of osteopathy|d.o", field: "medicine" },
  { level: "doctorate", phrases: "DO", field: "medicine", ambiguous: true, caseSensitive: true },
  { level: "doctorate", phrases: "doctor of dental surgery|doctor of dental medicine|d.d.s|d.m.d", field: "dentistry" },
  { level: "doctorate", phrases: "DDS|DMD", field: "dentistry", ambiguous: true, caseSensitive: true },
  { level: "doctorate", phrases: "doctor of pharmacy|pharmd|pharm.d|pharm. d", field: "pharmacy" },
  { level: "doctorate", phrases: "doctor of physical therapy|d.p.t", field: "physical-therapy" },
  { level: "doctorate", phrases: "DPT", field: "physical-therapy", ambiguous: true, caseSensitive: true },
  { level: "doctorate", phrases: "doctor of occupational therapy|o.t.d", field: "occupational-therapy" },
  { level: "doctorate", phrases: "OTD", field: "occupational-therapy", ambiguous: true, caseSensitive: true },
  { level: "doctorate", phrases: "doctor of veterinary medicine|d.v.m|v.m.d", field: "veterinary-medicine" },
  { level: "doctorate", phrases: "DVM|VMD", field: "veterinary-medicine", ambiguous: true, caseSensitive: true },
  { level: "doctorate", phrases: "doctor of optometry", field: "optometry" },
  { level: "doctorate", phrases: "OD|O.D", field: "optometry", ambiguous: true, caseSensitive: true },
  { level: "doctorate", phrases: "doctor of psychology|psyd|psy.d", field: "psychology" },
  { level: "doctorate", phrases: "doctor of audiology|au.d", field: "audiology" },
  { level: "doctorate", phrases: "AuD", field: "audiology", caseSensitive: true },
  { level: "doctorate", phrases: "doctor of chiropractic", field: "chiropractic" },
  { level: "doctorate", phrases: "DC|D.C", field: "chiropractic", ambiguous: true, caseSensitive: true },
  { level: "doctorate", phrases: "juris doctor|juris doctorate|doctor of jurisprudence|doctor of law", field: "law" },
  { level: "doctorate", phrases: "JD|J.D", field: "law", ambiguous: true, caseSensitive: true },
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
  { name: "Dentistry", family: "health", phrases: "dentistry|dental medicine|dental surgery" },
  { name: "Veterinary Medicine", family: "health", phrases: "veterinary medicine" },
  { name: "Physical Therapy", family: "health", phrases: "physical therapy|physiotherapy" },
  { name: "Occupational Therapy", family: "health", phrases: "occupational therapy" },
  { name: "Optometry", family: "health", phrases: "optometry" },
  { name: "Audiology", family: "health", phrases: "audiology" },
  { name: "Chiropractic", family: "health", phrases: "chiropractic" },
  { name: "Physician Assistant Studies", family: "health", phrases: "physician assistant studies" },
  { name: "Health Administration", family: "health", phrases: "health administration|healthcare administration|health care administration" },
  { name: "Public Health", family: "health", phrases: "public health|health sciences" },
  { name: "Psychology", family: "social", phrases: "psychology" },
  { name: "Sociology", family: "social", phrases: "sociology|anthropology" },
  { name: "Political Science", family: "social", phrases: "political science|politics|international relations" },
  { name: "Social Work", family: "social", phrases: "social work" },
  { name: "Public Administration", family: "social", phrases: "public administration|public policy" },
  { name: "Library Science", family: "humanities", phrases: "library science|library and information science" },
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
