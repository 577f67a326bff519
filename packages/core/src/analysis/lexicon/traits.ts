import type { NamedSpec } from "./named.ts";

/**
 * Personal traits postings ask for and résumés claim. Only multi-word or unambiguous forms are listed: "organized"
 * alone is usually a verb ("organized a conference"), so the trait needs "highly organized" or similar.
 */
export const TRAITS: NamedSpec = {
  "Detail-oriented": "detail oriented|detail-orientated|attention to detail|eye for detail|meticulous|detail focused",
  "Self-motivated": "self motivated|self-starter|self starter|highly motivated|intrinsically motivated|driven",
  "Team player": "team player|team-oriented|team oriented|well in a team|well in teams|team spirit|collaborative",
  "Problem solver": "problem solver|problem-solving|problem solving|solution-oriented|solution oriented|solutions-oriented",
  "Fast learner": "fast learner|quick learner|learns quickly|learn quickly|eager to learn|willingness to learn|willing to learn",
  Proactive: "proactive|takes initiative|take initiative|taking initiative|self-directed|self directed",
  Adaptable: "adaptable|adaptability|adapt quickly|comfortable with ambiguity|thrive in ambiguity|thrives in ambiguity|flexible mindset",
  Organized: "highly organized|highly organised|well organized|well organised|well-organized|well-organised|organizational skills|organisational skills",
  "Strong communicator": "excellent communicator|strong communicator|great communicator|communication skills|excellent communication|strong communication|articulate",
  Creative: "creative|creativity|creative thinker|out of the box|out-of-the-box",
  Curious: "curious|curiosity|inquisitive",
  Reliable: "reliable|dependable|trustworthy",
  Empathetic: "empathetic|empathy|compassionate",
  Resilient: "resilient|resilience|works well under pressure|work well under pressure|thrives under pressure|thrive under pressure|stress resistant",
  "Customer-focused": "customer focused|customer-oriented|customer oriented|customer-centric|customer centric|client focused|client-oriented|customer obsessed",
  "Results-oriented": "results oriented|results-driven|results driven|result oriented|result-oriented|goal oriented|goal-oriented",
  Independent: "work independently|works independently|working independently|independent worker|autonomous|self-sufficient",
  "Time management": "time management|manage multiple priorities|managing multiple priorities|multitasking|multi-tasking|prioritization skills",
  "Critical thinker": "critical thinking|critical thinker|analytical thinker|analytical mindset|analytical thinking",
  "Positive attitude": "positive attitude|can-do attitude|can do attitude|enthusiastic|upbeat",
  Leadership: "natural leader|leadership skills|strong leadership|leadership qualities",
  Accountable: "accountable|takes responsibility|sense of responsibility",
};
