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

const vocabulary = <K extends string>(groups: Record<string, K>, preamble: K, unknown: K): SectionVocabulary<K> => {
  const headings = new Map<string, K>();
  for (const [list, kind] of Object.entries(groups)) {
    for (const heading of list.split("|")) headings.set(phraseKey(heading), kind);
  }
  return { headings, preamble, unknown };
};

// "Role:", "Company:" and "Team:" are left out on purpose: postings use them as labels ("Role: Data Engineer"),
// and reading them as headings would file the rest of the header under the wrong section.
export const JOB_SECTIONS: SectionVocabulary<JobSection> = vocabulary<JobSection>(
  {
    "requirements|requirement|required|required skills|required qualifications|required experience|qualifications|minimum qualifications|basic qualifications|key qualifications|must have|must haves|must-haves|what you need|what you'll need|what you will need|what we're looking for|what we are looking for|what we look for|who you are|you have|you are|you bring|what you bring|what you'll bring|skills|skills and experience|key skills|experience|your profile|profile|about you|essential|essential skills|essential criteria|your skills|technical skills|competencies|candidate profile|ideal candidate|the ideal candidate|who we're looking for|who we are looking for|what you need to bring|what you should bring|what you'll need to bring|what you will bring|what you bring to the table|what it takes|what we need|what we need from you|what you'll need to succeed|requirements and qualifications|qualifications and experience|skills and qualifications|experience and qualifications|knowledge skills and abilities|licenses and certifications|required licenses|required certifications":
      "requirements",
    "nice to have|nice-to-have|nice to haves|nice-to-haves|preferred|preferred qualifications|preferred skills|preferred experience|bonus|bonus points|pluses|plus|desirable|desired|desired skills|desired qualifications|good to have|extra credit|it would be great if|even better if|ideally|additional qualifications|optional":
      "preferred",
    "responsibilities|key responsibilities|your responsibilities|main responsibilities|what you'll do|what you will do|what you'll be doing|what you will be doing|the role|your role|about the role|duties|key duties|day to day|day-to-day|in this role|in this role you will|your mission|the job|job description|role overview|your tasks|tasks|what you will work on|your impact|the opportunity|what you'll own|what you will own|the position|position summary|position overview|job summary|job duties|duties and responsibilities|essential duties|essential functions|essential duties and responsibilities|key accountabilities|accountabilities|what you'll be responsible for|what you will be responsible for|a day in the life|role description":
      "responsibilities",
    "about us|about the company|who we are|our company|our mission|our culture|our values|culture|values|our story|the team|about the team|our team":
      "about",
    "benefits|perks|benefits and perks|perks and benefits|what we offer|we offer|what's in it for you|compensation|compensation and benefits|salary and benefits|why join us|why you'll love working here|why work with us|why us":
      "benefits",
  },
  "preamble",
  "other",
);

export const RESUME_SECTIONS: SectionVocabulary<ResumeSection> = vocabulary<ResumeSection>(
  {
    "summary|professional summary|profile|professional profile|about me|about|objective|career objective|personal statement|overview|career summary|executive summary":
      "summary",
    "experience|work|work experience|professional experience|employment|employment history|work history|career history|relevant experience|career|professional background|positions|experience and employment|working experience|job history|internships|internship experience|leadership experience|teaching experience|research experience|industry experience":
      "experience",
    "education|schooling|academic background|academic history|educational background|academics|education and training|studies|qualifications|academic qualifications":
      "education",
    "skills|technical skills|core skills|key skills|core competencies|competencies|expertise|areas of expertise|technologies|tools|tech stack|technical proficiencies|skills summary|computer skills|it skills|soft skills|hard skills|programming languages|skills and tools":
      "skills",
    "certifications|certificates|certification|licenses|licences|licenses and certifications|licenses & certifications|courses|training|professional development|accreditations":
      "certifications",
    "projects|personal projects|selected projects|side projects|open source|open source contributions|portfolio":
      "projects",
    "interests|hobbies|hobbies and interests|personal interests|outside of work|passions": "interests",
    "languages|language skills|spoken languages": "languages",
    "volunteering|volunteer|volunteer experience|volunteer work|community involvement|community service": "volunteering",
    "activities|activity|extracurricular activities|extracurricular activity|extracurricular|extracurriculars|community|campus involvement|involvement|leadership activities|memberships|affiliations|professional affiliations|organizations|societies|clubs":
      "activities",
    "awards|honors|honours|awards and honors|honors and awards|achievements|scholarships|publications|patents|conferences|talks|presentations|presentation|honors and activities":
      "awards",
    "references|referees|additional information|contact|contact information|personal details|personal information|coursework|relevant coursework|significant coursework":
      "other",
  },
  "preamble",
  "other",
);
