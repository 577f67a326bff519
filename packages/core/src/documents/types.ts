export type DocumentKind = "pdf" | "docx" | "html" | "rtf" | "text";

export interface ExtractedDocument {
  kind: DocumentKind;
  text: string;
  /** Page count for PDFs (all pages, even when only the first ones were read); null for flowing formats. */
  pages: number | null;
}
