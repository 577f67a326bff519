import { describe, expect, it } from "vitest";
import { RESUME_SECTIONS } from "./headings.ts";
import { MASK, quotable, redactProtected } from "./redact.ts";

const redact = (text: string) => redactProtected(text, RESUME_SECTIONS).text;
/** The words left readable after redaction. */
const visible = (text: string) => redact(text).split(new RegExp(`[\\s${MASK}]+`, "u")).filter(Boolean);

describe("redactProtected", () => {
  it("keeps the length and the line breaks, and counts what it masks", () => {
    const text = "Jane Doe\r\njane@example.com\n\nSkills\nPython";
    const r = redactProtected(text, RESUME_SECTIONS);
    expect(r.text).toHaveLength(text.length);
    expect([...r.text.matchAll(/\r\n|\n/gu)].map((m) => m.index)).toEqual([...text.matchAll(/\r\n|\n/gu)].map((m) => m.index));
    expect(r.masked).toBe("Jane Doe".length + "jane@example.com".length);
    expect(visible(text)).toEqual(["Skills", "Python"]);
  });

  it("masks the name line but keeps credentials after it", () => {
    expect(visible("ROBERT CASTELLANO, CPA\nDenver, CO")).toEqual([",", "CPA", "Denver,", "CO"]);
    expect(visible("Mei-Lin O'Brien\nExperience")).toEqual(["Experience"]);
  });

  it("keeps a first line that is a job title rather than a name", () => {
    const r = redactProtected("Data Scientist\nPython", RESUME_SECTIONS, (s) => s === "Data Scientist");
    expect(r.masked).toBe(0);
    expect(visible("Senior Backend Engineer\nPython")).toEqual(["Senior", "Backend", "Engineer", "Python"]);
  });

  it("masks contact details but not date ranges or figures", () => {
    const text = "x\n(720) 555-0143 | +49 30 1234 5678 | linkedin.com/in/jd | https://jd.dev\nJan 2019 - Dec 2021, 2019-2021, $1,200,000";
    expect(visible(text)).toEqual(["x", "|", "|", "|", "Jan", "2019", "-", "Dec", "2021,", "2019-2021,", "$1,200,000"]);
  });

  it("masks whole personal-data lines, label included", () => {
    for (const line of ["Date of birth: 12.03.1985", "Age: 41", "Marital status: single", "Nationality: Polish", "Religion: none", "Gender: female", "Pronouns: she/her", "Photo: attached", "- Children: 2"]) {
      expect(visible(`x\n${line}\nPython`)).toEqual(["x", "Python"]);
    }
  });

  it("masks pronouns, gendered and family words, age, religion and ethnicity, as whole words only", () => {
    const text =
      "x\nShe led her team; he/him; chairwoman of the sorority; mother of two; 41 years old; born in 1984; church choir;\n" +
      "member of National Society of Black Engineers; Hispanic heritage month; US citizen; Ms. Smith\nSHE LED HIS TEAM";
    expect(visible(text)).toEqual(["x", "led", "team;", ";", "chair", "of", "the", ";", ";", ";", ";", "choir;", "member", "of", "National", "Society", "of", "Engineers;", "heritage", "month;", ";", "Smith", "LED", "TEAM"]);
    // Words that merely contain a protected word, and job vocabulary that looks like one, are kept.
    expect(visible("x\nThe MR was merged in 50 ms; shepherd; manager; human; single-page app; black-box testing; parent company")).toEqual(
      ["x", "The", "MR", "was", "merged", "in", "50", "ms;", "shepherd;", "manager;", "human;", "single-page", "app;", "black-box", "testing;", "parent", "company"],
    );
  });
});

describe("gendered job words", () => {
  it("masks only the gendered ending, so that both forms leave the same neutral stem at the same offsets", () => {
    for (const [m, f] of [["Foreman", "Forewoman"], ["foremen", "forewomen"], ["CHAIRMAN", "CHAIRWOMAN"], ["Salesman", "Saleswoman"], ["craftsmen", "craftswomen"], ["Spokesman", "Spokeswoman"], ["businessman", "businesswoman"], ["Journeyman", "Journeywoman"], ["Lineman", "Linewoman"], ["draftsmen", "draftswomen"], ["Tradesman", "Tradeswoman"], ["Repairman", "Repairwoman"], ["Councilman", "Councilwoman"]] as const) {
      const male = redactProtected(`x\nGeneral ${m} — Acme\n`, RESUME_SECTIONS);
      const female = redactProtected(`x\nGeneral ${f} — Acme\n`, RESUME_SECTIONS);
      const stem = m.slice(0, m.search(/m[ae]n$/iu));
      expect(male.text).toBe(`x\nGeneral ${stem}${MASK.repeat(3)} — Acme\n`);
      expect(female.text).toBe(`x\nGeneral ${stem}${MASK.repeat(5)} — Acme\n`);
      // The characters left readable count alike, so overall confidence does not move with the gender.
      expect(`x\nGeneral ${m} — Acme\n`.length - male.masked).toBe(`x\nGeneral ${f} — Acme\n`.length - female.masked);
    }
    expect(visible("x\nServed as foreman of the jury; chairwoman's report")).toEqual(["x", "Served", "as", "fore", "of", "the", "jury;", "chair", "'s", "report"]);
    expect(visible("x\nForeman/Superintendent; Salesman-of-the-Year")).toEqual(["x", "Fore", "/Superintendent;", "Sales", "-of-the-Year"]);
  });

  it("leaves words that only contain the stem or the ending alone", () => {
    const text = "x\nForemost salesmanship; sales manager; chair lift; sportsman; Chairmanship; Foremen2";
    expect(redact(text)).toBe(text);
  });
});

describe("quotable", () => {
  it("returns an unmasked passage as is and otherwise its longest readable stretch", () => {
    expect(quotable("Python and Go")).toBe("Python and Go");
    expect(quotable(`Led ${MASK.repeat(3)} team of five engineers`)).toBe("team of five engineers");
    expect(quotable(`${MASK.repeat(8)} | ${MASK.repeat(5)}`)).toBe("");
  });

  it("never quotes the stem left of a masked gendered ending", () => {
    const passage = redact("x\nRan crews of 8–16 as general foreman on schools").split("\n")[1]!;
    expect(quotable(passage)).toBe("Ran crews of 8–16 as general");
    expect(quotable(redact("x\nForewoman, 2014 – 2019 on schools").split("\n")[1]!)).toBe("2014 – 2019 on schools");
  });
});
