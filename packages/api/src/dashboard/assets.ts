/** The dashboard's only static files, served by the app itself (no CDN, no build step). */

export const DASHBOARD_CSS = `
/* --on-accent / --on-danger: text drawn on those colours. Dark mode keeps light accents (legible as text on the dark
   background) and so needs dark text on them: white on #58a6ff is 2.5:1, #0d1117 on it 7.5:1 (WCAG 1.4.3). */
:root { color-scheme: light dark; --fg: #1b1f24; --bg: #ffffff; --muted: #57606a; --line: #d0d7de; --accent: #0b5cad; --on-accent: #ffffff; --danger: #b42318; --on-danger: #ffffff; --card: #f6f8fa; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --bg: #0d1117; --muted: #9da7b3; --line: #30363d; --accent: #58a6ff; --on-accent: #0d1117; --danger: #ff7b72; --on-danger: #0d1117; --card: #161b22; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
.skip { position: absolute; left: -999px; top: 0; padding: .5rem 1rem; background: var(--accent); color: var(--on-accent); }
.skip:focus { left: 0; z-index: 1; }
/* WCAG 1.4.10 Reflow: at 320 CSS px long emails and ids wrap instead of widening the page. */
.top { display: flex; flex-wrap: wrap; gap: .25rem 1rem; justify-content: space-between; align-items: center; padding: .75rem 1.5rem; border-bottom: 1px solid var(--line); }
.brand { font-weight: 700; }
.top form { min-width: 0; }
.who { color: var(--muted); margin-right: .5rem; overflow-wrap: anywhere; }
code, dd, td, .hint { overflow-wrap: anywhere; }
main { max-width: 62rem; margin: 0 auto; padding: 1.5rem; }
main:focus { outline: none; }
h1 { font-size: 1.6rem; margin: 0 0 1rem; }
h2 { font-size: 1.2rem; margin: 1.5rem 0 .5rem; }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 1rem; max-width: 34rem; }
@media (max-width: 30rem) { .top, main { padding-left: .75rem; padding-right: .75rem; } }
label { display: block; font-weight: 600; margin: .75rem 0 .25rem; }
input[type=email], input[type=password], input[type=text] { width: 100%; padding: .5rem; font: inherit; color: inherit; background: var(--bg); border: 1px solid var(--muted); border-radius: 6px; }
fieldset { border: 1px solid var(--line); border-radius: 6px; margin: .75rem 0; min-width: 0; }
legend { font-weight: 600; padding: 0 .25rem; }
.check { display: flex; gap: .5rem; align-items: baseline; }
.check label { display: inline; font-weight: 400; margin: .25rem 0; }
button { font: inherit; margin-top: 1rem; padding: .5rem 1rem; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent); color: var(--on-accent); cursor: pointer; }
button.link { margin: 0; padding: 0; border: 0; background: none; color: var(--accent); text-decoration: underline; }
button.danger { background: var(--danger); border-color: var(--danger); color: var(--on-danger); }
a.danger { color: var(--danger); }
.inline { display: inline; }
.hint { color: var(--muted); font-size: .9rem; margin: .25rem 0; }
.alert { border: 1px solid var(--danger); color: var(--danger); border-radius: 6px; padding: .5rem .75rem; }
.tabs ul { display: flex; flex-wrap: wrap; gap: .25rem; list-style: none; margin: 0 0 1rem; padding: 0; border-bottom: 1px solid var(--line); }
.tabs a { display: block; padding: .5rem 1rem; text-decoration: none; border: 1px solid transparent; border-bottom: 0; border-radius: 6px 6px 0 0; }
.tabs a[aria-current=page] { border-color: var(--line); background: var(--bg); font-weight: 600; color: var(--fg); margin-bottom: -1px; }
.fresh { border: 2px solid var(--accent); border-radius: 8px; padding: 0 1rem 1rem; margin-bottom: 1.5rem; }
.copy-row { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
.copy-row input { flex: 1 1 12rem; min-width: 0; }
.copy-row button { margin-top: 0; }
.secret { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
table { border-collapse: collapse; width: 100%; margin-top: 1rem; }
caption { text-align: left; font-weight: 600; padding-bottom: .25rem; }
th, td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
tr.revoked td { color: var(--muted); }
pre { background: var(--card); border: 1px solid var(--line); border-radius: 6px; padding: .5rem .75rem; overflow-x: auto; }
dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .25rem 1rem; }
@media (max-width: 30rem) { dl { grid-template-columns: minmax(0, 1fr); } dd { margin-bottom: .5rem; } }
dt { font-weight: 600; }
dd { margin: 0; }
.actions { display: flex; flex-wrap: wrap; gap: 1rem; align-items: baseline; }
.note { border: 1px solid var(--line); border-radius: 6px; padding: .5rem .75rem; background: var(--card); }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

/** Copy buttons: progressive enhancement; without script the field is still selectable. */
export const DASHBOARD_JS = `
document.addEventListener("click", async (event) => {
  const button = event.target.closest("button[data-copy]");
  if (!button) return;
  const field = document.getElementById(button.dataset.copy);
  const status = document.querySelector("[data-copy-status]");
  if (!field) return;
  let copied = false;
  try {
    await navigator.clipboard.writeText(field.value);
    copied = true;
  } catch {
    field.select();
    copied = document.execCommand && document.execCommand("copy");
  }
  if (status) status.textContent = copied ? "Copied to the clipboard." : "Select the text and copy it with your keyboard.";
});
`;

/** A small mark, so browsers do not request /favicon.ico (outside the dashboard) and log a 404. */
export const DASHBOARD_ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0b5cad"/><path d="M7 9l4 14 5-10 5 10 4-14" fill="none" stroke="#fff" stroke-width="3" stroke-linejoin="round"/></svg>`;
