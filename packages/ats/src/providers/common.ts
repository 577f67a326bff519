import { createHash } from "node:crypto";
import type { CandidateContact } from "../types.ts";

/** Parses a webhook body; providers send JSON objects only. */
export function parseJsonObject(raw: Uint8Array): { ok: true; body: Record<string, unknown> } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(raw));
  } catch {
    return { ok: false, message: "The body is not valid UTF-8 JSON" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { ok: false, message: "The body is not a JSON object" };
  return { ok: true, body: value as Record<string, unknown> };
}

/** Delivery key of last resort: the body's digest, so a byte-identical redelivery is still recognised. */
export const bodyKey = (raw: Uint8Array) => `body:${createHash("sha256").update(raw).digest("hex")}`;

export const asRecord = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** Provider ids as strings (Greenhouse's are integers); undefined for anything that is not a usable id. */
export function idOf(v: unknown): string | undefined {
  if (typeof v === "number" && Number.isSafeInteger(v)) return String(v);
  if (typeof v === "string" && v.trim() && v.length <= 200) return v.trim();
  return undefined;
}

export const str = (v: unknown): string => (typeof v === "string" ? v : "");

export function splitName(full: string): { firstName: string; lastName: string } {
  const parts = full.trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? "", lastName: parts.slice(1).join(" ") };
}

export const linkedinOf = (urls: unknown[]): string =>
  urls.map((u) => (typeof u === "string" ? u : str(asRecord(u)?.value ?? asRecord(u)?.url))).find((u) => /linkedin\.com/i.test(u)) ?? "";

export const emptyContact = (): CandidateContact => ({ firstName: "", lastName: "", email: "", phone: "", linkedin: "" });

/**
 * Job description HTML → the plain text the engine reads. The converter (html-to-text and its parser) loads on first
 * use: only job fetches need it, so the API function, which bundles the connectors for webhook intake, does not
 * compile it at every cold start.
 */
export async function htmlReader(): Promise<(html: string) => string> {
  const { htmlToText } = await import("@winnow/core/documents/html");
  return (html) => (html.trim() ? htmlToText(html) : "");
}

export const joinText = (...parts: (string | undefined)[]) =>
  parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join("\n\n");
