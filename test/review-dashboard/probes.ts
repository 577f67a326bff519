import type { Page } from "playwright-core";

/**
 * Page-side probes for the dashboard review. They are source strings, not functions: the repository type-checks
 * without the DOM library, and playwright evaluates strings as expressions in the page.
 */

/** One text run whose contrast against its effective background is below WCAG 1.4.3's minimum for its size. */
export interface LowContrast {
  text: string;
  ratio: number;
  required: number;
  fg: string;
  bg: string;
}

/**
 * Every visible element with its own text (and every filled text input) whose colour against the first opaque
 * background up its ancestors falls below 4.5:1, or 3:1 for large text (≥ 24px, or ≥ 18.66px bold).
 */
export const LOW_CONTRAST = `(() => {
  const parse = (s) => { const m = s.match(/rgba?\\(([^)]+)\\)/); if (!m) return null; const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number); return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 }; };
  const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }; return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b); };
  const background = (el) => { for (let e = el; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor); if (c && c.a > 0.5) return c; } return { r: 255, g: 255, b: 255, a: 1 }; };
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    if (["SCRIPT", "STYLE", "OPTION"].includes(el.tagName)) continue;
    const ownText = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const filled = (el.tagName === "INPUT" && ["text", "email", "password"].includes(el.type) && el.value);
    if (!ownText && !filled) continue;
    const rect = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (rect.width <= 1 || rect.height <= 1 || style.visibility === "hidden" || style.display === "none") continue;
    const fg = parse(style.color); const bg = background(el);
    if (!fg) continue;
    const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
    const ratio = (hi + 0.05) / (lo + 0.05);
    const size = parseFloat(style.fontSize); const bold = Number(style.fontWeight) >= 700;
    const required = size >= 24 || (size >= 18.66 && bold) ? 3 : 4.5;
    if (ratio < required) out.push({ text: (el.textContent || el.value || "").trim().slice(0, 40), ratio: Math.round(ratio * 100) / 100, required, fg: style.color, bg: \`rgb(\${bg.r}, \${bg.g}, \${bg.b})\` });
  }
  return out;
})()`;

/** Document-level structure: language, title, headings in order, landmarks, and inputs without a label. */
export interface Structure {
  lang: string;
  title: string;
  headings: number[];
  mains: number;
  unlabelled: string[];
}

export const STRUCTURE = `(() => ({
  lang: document.documentElement.lang,
  title: document.title,
  headings: [...document.querySelectorAll("h1,h2,h3,h4,h5,h6")].map((h) => Number(h.tagName[1])),
  mains: document.querySelectorAll("main, [role=main]").length,
  unlabelled: [...document.querySelectorAll("input:not([type=hidden]):not([hidden]), select, textarea")]
    .filter((i) => (!i.labels || !i.labels.length) && !i.getAttribute("aria-label") && !i.getAttribute("aria-labelledby"))
    .map((i) => i.id || i.name),
}))()`;

/** Heading levels that jump by more than one (WCAG 1.3.1 / technique G141), e.g. h2 → h4. */
export function headingSkips(levels: number[]): string[] {
  const skips: string[] = [];
  if (levels[0] !== 1) skips.push(`starts at h${levels[0]}`);
  for (let i = 1; i < levels.length; i++) if (levels[i]! > levels[i - 1]! + 1) skips.push(`h${levels[i - 1]} → h${levels[i]}`);
  return skips;
}

/** The focused element, and whether it draws a visible indicator (outline or box-shadow). */
export const FOCUS_STATE = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return { name: "body", visible: false };
  const s = getComputedStyle(el);
  const outline = s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 2;
  const shadow = s.boxShadow && s.boxShadow !== "none";
  return { name: el.id || (el.textContent || "").trim().slice(0, 30) || el.tagName, visible: Boolean(outline || shadow) };
})()`;

/** Tabs through the page from the top, returning what took focus and whether its focus was visible. */
export async function tabThrough(page: Page, max = 40): Promise<{ name: string; visible: boolean }[]> {
  await page.evaluate("document.activeElement && document.activeElement.blur()");
  const seen: { name: string; visible: boolean }[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const state = await page.evaluate<{ name: string; visible: boolean }>(FOCUS_STATE);
    if (state.name === "body" || seen.some((s) => s.name === state.name)) break;
    seen.push(state);
  }
  return seen;
}

/** The ids an element's aria-describedby points at. */
export const describedBy = (page: Page, selector: string): Promise<string[]> =>
  page.evaluate<string[]>(`(document.querySelector(${JSON.stringify(selector)})?.getAttribute("aria-describedby") || "").split(/\\s+/).filter(Boolean)`);
