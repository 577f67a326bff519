import { BULLET_MARKS, type Line } from "../text/document.ts";
import type { ResumeSection } from "../text/headings.ts";

/** A line of a résumé, with the section it is in. */
export type ResumeLine = Line<ResumeSection>;

/** The marks that start a bulleted line: a duty of an entry, rarely its title or employer. */
export const BULLET = new RegExp(`^${BULLET_MARKS}`, "u");

/** A line of more words than this is prose, not a title line. */
export const MAX_TITLE_LINE_WORDS = 15;
