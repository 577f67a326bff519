import { UpstreamError } from "@winnow/core/upstream";

/** A failed provider API call (see UpstreamError for `retryable` and `retryAfterMs`). */
export class AtsApiError extends UpstreamError {
  override readonly name = "AtsApiError";
}

/**
 * The provider has not finished creating what the webhook announced (Greenhouse's application 404 right after the
 * event, Lever's resume still being processed). Always worth another attempt later.
 */
export class NotReadyError extends Error {
  readonly what: "application" | "resume";
  constructor(what: "application" | "resume", message: string) {
    super(message);
    this.name = "NotReadyError";
    this.what = what;
  }
}

/** A failure no retry can fix (bad credentials, missing permission, invalid configuration): dead-letter at once. */
export class PermanentError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PermanentError";
  }
}

/**
 * The provider will not serve this resume, and asking again will not change that (Ashby's file.info refusing a file,
 * as it does for demo-data candidates). The candidate is screened without it; unlike PermanentError, the job goes on.
 */
export class ResumeUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ResumeUnavailable";
  }
}

/** Whether a failed attempt deserves another one. */
export function isRetryable(err: unknown): boolean {
  if (err instanceof PermanentError) return false;
  if (err instanceof AtsApiError) return err.retryable;
  return true;
}

/** The application is not one we screen after all (no job attached, job outside the filter): finish without writing. */
export class SkipJob extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SkipJob";
  }
}
