/**
 * The last step for every kind of document, so that consumers can rely on one shape of text: NFC, LF line
 * ends, no control or private-use characters, single spaces, trimmed lines, at most one blank line in a row.
 */
export function normalizeText(input: string): string {
  const text = stripInvisible(input.toWellFormed().normalize("NFC"))
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, "\n")
    .replace(/[\t\v\f\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g, " ");
  const lines: string[] = [];
  let blank = true; // Leading blank lines are dropped.
  for (const raw of text.split("\n")) {
    const line = raw.replace(/ {2,}/g, " ").trim();
    if (line === "") {
      if (!blank) lines.push("");
      blank = true;
    } else {
      lines.push(line);
      blank = false;
    }
  }
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines.join("\n");
}

/**
 * Removes what has no business in extracted text: C0/C1 controls (except line breaks and tabs, handled above),
 * private-use code points (icon fonts such as FontAwesome map their glyphs there), the replacement character,
 * byte-order marks, zero-width spaces and soft hyphens. ZWJ/ZWNJ stay: some scripts need them.
 */
export function stripInvisible(text: string): string {
  return text.replace(
    /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f\u00ad\u200b\u2060\ufeff\ufffd\ufffc\ue000-\uf8ff]|[\udb80-\udbff][\udc00-\udfff]/g,
    "",
  );
}
