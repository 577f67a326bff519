export type DocumentErrorCode =
  | "invalid_base64"
  | "empty"
  | "encrypted"
  | "corrupt"
  | "image_only"
  | "unsupported"
  | "too_large";

/**
 * The only error type the documents module lets escape for bad input. The message is meant to be shown to the
 * person who uploaded the file, so it names the problem and, where there is one, the fix.
 */
export class DocumentError extends Error {
  readonly code: DocumentErrorCode;

  constructor(code: DocumentErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DocumentError";
    this.code = code;
  }
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, "")} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

export function tooLarge(size: number, maxBytes: number): DocumentError {
  return new DocumentError(
    "too_large",
    `The document is ${formatBytes(size)}, which is over the ${formatBytes(maxBytes)} limit.`,
  );
}
