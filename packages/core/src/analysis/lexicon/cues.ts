/** Words that qualify nearby evidence rather than being evidence themselves. */
export type CueKind = "must" | "nice" | "interest" | "in-progress" | "equivalent-experience" | "related-field" | "stop";

export interface CueEntry {
  kind: "cue";
  id: CueKind;
}

export const CUES: Record<CueKind, string> = {
  must: "required|is required|are required|must|must have|must-have|mandatory|essential|necessary|need|needed|you need|you will need|minimum|minimum requirements|requirement|strong requirement",
  nice: "nice to have|nice-to-have|preferred|preferably|a plus|is a plus|big plus|huge plus|definite plus|strong plus|bonus|a bonus|bonus points|desirable|desired|ideally|advantage|an advantage|advantageous|beneficial|helpful|would be great|would be nice|good to have|not required|not mandatory|not essential|optional|welcome|appreciated|considered an asset|an asset",
  interest:
    "passion for|passionate about|passionate|interest in|interested in|interests include|keen interest|enthusiast|enthusiasts|enthusiastic about|enthusiasm for|love|loves|love for|enjoy|enjoys|hobby|hobbies|fan of|fascinated by|fascination with|curious about|free time|spare time|outside of work|outside work|excited about|care about|cares about|in my free time",
  // Work toward a degree is not the degree: "Coursework toward B.S. in Business — 30 credits completed".
  "in-progress":
    "expected|expected graduation|in progress|pursuing|currently pursuing|candidate|ongoing|anticipated|currently enrolled|enrolled|to be completed|present|current|coursework toward|coursework towards|credits toward|credits towards|courses toward|courses towards|studies toward|studies towards|incomplete",
  "equivalent-experience":
    "equivalent experience|equivalent practical experience|equivalent work experience|equivalent professional experience|or equivalent|equivalent combination|in lieu of",
  "related-field": "related field|related fields|related discipline|comparable field|comparable discipline|similar discipline|related area|related subject|similar field|relevant field|equivalent field|related technical field|related quantitative field|quantitative field|technical field|stem field|stem",
  // Stock phrases that would otherwise read as culture or requirement cues ("competitive salary" is not a culture).
  stop: "competitive salary|competitive compensation|competitive pay|competitive benefits|competitive package|competitive rates|competitive rate|target audience|target market|fun fact|production environment|development environment",
};
