import { phraseKey } from "../../text/tokens.ts";
import type { SectionVocabulary } from "./document.ts";

/** Sections of a job posting. */
export type JobSection = "preamble" | "requirements" | "preferred" | "responsibilities" | "about" | "benefits" | "other";

/** Sections of a résumé. */
export type ResumeSection =
  | "preamble"
  | "summary"
  | "experience"
  | "education"
  | "skills"
  | "certifications"
  | "projects"
  | "interests"
  | "languages"
  | "volunteering"
  | "activities"
  | "awards"
  | "other";

const vocabulary = <K extends string>(
  groups: Record<string, K>,
  preamble: K,
  unknown: K,
  options: { openWords?: string; modifiers?: string; lineOnly?: string } = {},
): SectionVocabulary<K> => {
  const headings = new Map<string, K>();
  for (const [list, kind] of Object.entries(groups)) {
    for (const heading of list.split("|")) headings.set(phraseKey(heading), kind);
  }
  const keys = (list: string | undefined) => (list === undefined ? undefined : new Set(list.split("|").map(phraseKey)));
  const vocab: SectionVocabulary<K> = { headings, preamble, unknown };
  const openWords = keys(options.openWords);
  const modifiers = keys(options.modifiers);
  const lineOnly = keys(options.lineOnly);
  if (openWords) vocab.openWords = openWords;
  if (modifiers) vocab.modifiers = modifiers;
  if (lineOnly) vocab.lineOnly = lineOnly;
  return vocab;
};

// "Role:", "Company:" and "Team:" are left out on purpose: postings use them as labels ("Role: Data Engineer"),
// and reading them as headings would file the rest of the header under the wrong section.
export const JOB_SECTIONS: SectionVocabulary<JobSection> = vocabulary<JobSection>(
  {
    "requirements|requirement|required|required skills|required qualifications|required experience|qualifications|minimum qualifications|basic qualifications|key qualifications|must have|must haves|must-haves|what you need|what you'll need|what you will need|what we're looking for|what we are looking for|what we look for|who you are|you have|you are|you bring|what you bring|what you'll bring|skills|skills and experience|key skills|experience|your profile|profile|about you|essential|essential skills|essential criteria|your skills|technical skills|competencies|candidate profile|ideal candidate|the ideal candidate|who we're looking for|who we are looking for|what you need to bring|what you should bring|what you'll need to bring|what you will bring|what you bring to the table|what it takes|what we need|what we need from you|what you'll need to succeed|requirements and qualifications|qualifications and experience|skills and qualifications|experience and qualifications|knowledge skills and abilities|licenses and certifications|required licenses|required certifications":
      "requirements",
    "nice to have|nice-to-have|nice to haves|nice-to-haves|preferred|preferred qualifications|preferred skills|preferred experience|bonus|bonus points|pluses|plus|desirable|desired|desired skills|desired qualifications|good to have|extra credit|it would be great if|even better if|ideally|additional qualifications|optional|it would be a plus if you have|it would be a plus if you|it's a plus if you have|it is a plus if you have|bonus if you have|you'll stand out if|you will stand out if|extra points|brownie points":
      "preferred",
    "responsibilities|key responsibilities|your responsibilities|main responsibilities|what you'll do|what you will do|what you'll be doing|what you will be doing|the role|your role|about the role|duties|key duties|day to day|day-to-day|in this role|in this role you will|your mission|the job|job description|role overview|your tasks|tasks|what you will work on|your impact|the opportunity|what you'll own|what you will own|the position|position summary|position overview|job summary|job duties|duties and responsibilities|essential duties|essential functions|essential duties and responsibilities|key accountabilities|accountabilities|what you'll be responsible for|what you will be responsible for|a day in the life|role description|in a typical shift you will|in a typical day you will|on a typical day you will|a typical day|a typical shift|your day|your week|you will|you'll":
      "responsibilities",
    "about us|about the company|about the firm|about our firm|about the organization|about the organisation|about the employer|about the practice|about our practice|who we are|our company|our mission|our culture|our values|culture|values|our story|the team|about the team|our team":
      "about",
    "benefits|perks|benefits and perks|perks and benefits|what we offer|we offer|what's in it for you|compensation|compensation and benefits|salary and benefits|why join us|why you'll love working here|why work with us|why us|the details|the details that matter|schedule and pay|pay and schedule|pay and benefits|schedule|hours|hours and pay|pay|salary|salary range|pay range|the package|package|what you get|what you'll get":
      "benefits",
    "how to apply|to apply|apply|application process|the application process|hiring process|our hiring process|interview process|our interview process|next steps|equal opportunity|equal opportunity employer|eeo statement":
      "other",
  },
  "preamble",
  "other",
  // A posting's header fields are labels, not sections: "Schedule: Full-time, nights", "Pay: $31–$38/hour".
  { lineOnly: "schedule|hours|pay|salary|salary range|pay range|package|apply|to apply" },
);

export const RESUME_SECTIONS: SectionVocabulary<ResumeSection> = vocabulary<ResumeSection>(
  {
    "summary|professional summary|profile|professional profile|about me|about|objective|career objective|personal statement|overview|career summary|executive summary|what i do|what i bring|who i am|what i offer|what i'm looking for|what i am looking for|why i am applying|why i'm applying":
      "summary",
    "experience|work|work experience|professional experience|employment|employment history|work history|career history|relevant experience|career|professional background|positions|experience and employment|working experience|job history|internships|internship experience|leadership experience|teaching experience|research experience|industry experience|teaching|student teaching|earlier|where i've worked|where i have worked|where i worked|what i've done|what i have done|where i've taught|where i have taught|assignments|travel assignments|contract assignments|staff positions|exp":
      "experience",
    "education|school|schooling|academic background|academic history|educational background|academics|education and training|studies|qualifications|academic qualifications|edu":
      "education",
    "skills|technical skills|core skills|key skills|core competencies|competencies|expertise|areas of expertise|technologies|tools|tech stack|technical proficiencies|skills summary|computer skills|it skills|soft skills|hard skills|programming languages|skills and tools|systems|software|computer|competences|methods|programs|computer programs|software programs":
      "skills",
    "certifications|certificates|certification|licenses|licences|licenses and certifications|licenses & certifications|courses|training|professional development|accreditations|license|licence|licensure|lic|license status|licence status|credentials|certs|cards|endorsements|exams|pd|continuing education|professional learning|recent learning|recent professional learning":
      "certifications",
    "projects|personal projects|selected projects|side projects|open source|open source contributions|portfolio":
      "projects",
    "interests|hobbies|hobbies and interests|personal interests|outside of work|passions": "interests",
    "languages|language skills|spoken languages|lang|langs": "languages",
    "volunteering|volunteer|volunteer experience|volunteer work|community involvement|community service": "volunteering",
    "activities|activity|extracurricular activities|extracurricular activity|extracurricular|extracurriculars|community|campus involvement|involvement|leadership activities|memberships|affiliations|professional affiliations|organizations|societies|clubs|professional service":
      "activities",
    "awards|honors|honours|awards and honors|honors and awards|achievements|scholarships|publications|patents|conferences|talks|presentations|presentation|honors and activities|speaking":
      "awards",
    "references|referees|additional information|contact|contact information|personal details|personal information|coursework|relevant coursework|significant coursework|other|additional|extra|extras|notes|note|availability|work authorization|personal|everything else|also":
      "other",
  },
  "preamble",
  "other",
  {
    // Heading words that end no job title, employer or field of study: "Kitchen Experience", "International Awards"
    // and "Sales Skills" are headings. "Special Education", "Lumen Technologies", "Hospital Volunteer", "Boys & Girls
    // Clubs" or "Las Palmas Elementary School" are not, though they end in one.
    openWords:
      "experience|employment|career|internships|volunteering|training|profile|skills|competencies|proficiencies|expertise|projects|awards|honors|honours|achievements|interests|hobbies|certifications|certificates|licenses|licences|accreditations|qualifications|affiliations|memberships|activities|extracurriculars|summary|objective|references",
    modifiers:
      "relevant|professional|additional|other|selected|key|recent|further|continuing|formal|academic|work|working|technical|core|personal|related|earlier|previous|prior|notable|ongoing|current",
    // Terse headings that, as an inline label, name a group within the section rather than a new one: "Other: Git,
    // Docker" and "Software: Excel" among skills, "Note: relocating in May".
    lineOnly:
      "other|additional|extra|extras|note|notes|personal|availability|work authorization|everything else|also|methods|software|systems|computer|programs|teaching|school|earlier|lic|cards|pd|exp|edu",
  },
);
