/** Why a resume could not be used; the HTTP layer maps each kind to its documented error code. */
export type ResumeProblem = "invalid_base64" | "too_large" | "unreadable" | "fetch_failed";

export class ResumeError extends Error {
  readonly problem: ResumeProblem;
  constructor(problem: ResumeProblem, message: string) {
    super(message);
    this.name = "ResumeError";
    this.problem = problem;
  }
}

/** No catalogue version is active (or it is incomplete): taxonomy and screening cannot answer yet. */
export class CatalogueUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CatalogueUnavailableError";
  }
}
