import { readdirSync, readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildCatalogue } from "./build.ts";
import { Catalogue } from "./catalogue.ts";
import { CONFIDENCE_THRESHOLD, TitleNormalizer } from "./normalizer.ts";
import { querySegments, rawTokens } from "./normalizer/clean.ts";
import { detectLevels, isLevelModifier, isLevelWord, isManagerial } from "./normalizer/levels.ts";
import { Lexicon } from "./normalizer/lexicon.ts";
import { TopK } from "./normalizer/topk.ts";
import { abbreviates, editDistance, spelledOut, stem } from "./normalizer/words.ts";
import { DEFAULT_WEIGHTS } from "./normalizer.ts";
import type { CatalogueSourceFile, TitleSource } from "./types.ts";

const title = (name: string, ...aliases: string[]): TitleSource => ({ name, aliases, skills: [] });

const titles: TitleSource[] = [
  title("Java Developer", "Java Engineer", "Java Programmer", "Java Software Developer"),
  title("Frontend Developer", "Front-End Developer", "UI Developer"),
  title("Software Developer", "Software Engineer", "Application Developer", "Programmer", "Developer of Software"),
  title("Programmer", "Computer Programmer"),
  title("Marketing Manager", "Head of Marketing", "Marketing Lead"),
  title("Marketing Assistant", "Trainee Marketing Assistant", "Marketing Aide"),
  title("Quality Control Inspector", "QC Inspector", "Quality Inspector"),
  title("Quality Control Technician", "QC Technician"),
  title("Machine Operator", "Machine Operative", "Machine Tender"),
  title("Packing Machine Operator", "Packing Machine Operative"),
  title("Bottling Machine Operator", "Bottling Machine Operative"),
  title("Human Resources Manager", "HR Manager", "Personnel Manager"),
  title("Human Resources Assistant", "HR Assistant"),
  title("Administrative Assistant", "Office Administrator", "Administration Assistant"),
  title("Sales Assistant", "Shop Assistant", "Salesperson", "Retail Sales Assistant"),
  title("Registered Nurse", "Staff Nurse", "Nurse"),
  title("Accountant", "Accounting Officer", "Bookkeeper"),
];
const file: CatalogueSourceFile = { career_group: "Test", titles };
const catalogue = new Catalogue(buildCatalogue([{ path: "t.json", content: file }], "test"));
const normalizer = new TitleNormalizer(catalogue);
const best = (term: string) => normalizer.normalize(term)?.title.name;

describe("cleaning", () => {
  const segments = (term: string) => querySegments(term, (tokens) => tokens.map((t) => t.word)).map((s) => s.words.join(" "));

  it("drops brackets from the whole title but keeps their words as asides and as a candidate", () => {
    const [whole, ...rest] = querySegments("Java Developer (Payments)", (tokens) => tokens.map((t) => t.word));
    expect(whole!.words).toEqual(["java", "developer", "payments"]);
    expect(whole!.aside).toEqual([false, false, true]);
    expect(rest.map((s) => s.words.join(" "))).toEqual(["java developer", "payments"]);
  });

  it("offers the title apart from places after or before separators", () => {
    for (const term of ["Java Developer - Berlin", "Berlin | Java Developer", "Java Developer, Berlin", "Java Developer @ Acme", "Java Developer at Acme"]) {
      expect(segments(term)).toContain("java developer");
    }
  });

  it("removes gender tags, work mode, employment words and requisition codes", () => {
    for (const term of [
      "Java Developer (m/w/d)",
      "Java Developer (f/m/x) remote",
      "Java Developer – Hybrid, full-time",
      "Java Developer (all genders) part time",
      "Java Developer, permanent contract",
      "Java Developer REQ-2024-0193",
      "Java Developer #JR123456",
      "Urgent hiring: Java Developer",
    ]) {
      expect(segments(term)[0], term).toBe("java developer");
    }
  });

  it("keeps seniority words, marked, and finds the head noun", () => {
    const [whole] = querySegments("Senior Head of Marketing", (tokens) => tokens.map((t) => t.word));
    expect(whole!.words).toEqual(["senior", "head", "marketing"]);
    expect(whole!.level).toEqual([true, false, false]);
    expect(whole!.words[whole!.head]).toBe("head");
    const [sr] = querySegments("Sr. Staff Engineer", (tokens) => tokens.map((t) => t.word));
    expect(sr!.words).toEqual(["senior", "staff", "engineer"]);
    expect(sr!.words[sr!.head]).toBe("engineer");
  });

  it("yields nothing for a term without words", () => {
    expect(segments("!!! ### 123")).toEqual([]);
  });
});

describe("detectLevels", () => {
  it.each([
    ["Marketing Intern", ["intern"]],
    ["Apprentices - Mechanics", ["intern"]],
    ["Graduate Accountant", ["entry"]],
    ["Jr. Developer", ["entry"]],
    ["Entry-level Analyst", ["entry"]],
    ["Software Engineer I", ["entry"]],
    ["Software Engineer II", ["mid"]],
    ["Mid-level Designer", ["mid"]],
    ["Sr. Java Dev", ["senior"]],
    ["Software Engineer III", ["senior"]],
    ["Staff Engineer", ["lead"]],
    ["Staff Software Engineers", ["lead"]],
    ["Staff Data Scientist", ["lead"]],
    ["Team Lead, Payments", ["lead"]],
    ["Principal Consultant", ["lead"]],
    ["Engineering Manager", ["manager"]],
    ["Shift Supervisor", ["manager"]],
    ["Head of Sales", ["director"]],
    ["VP of Sales", ["director"]],
    ["Vice President, Marketing", ["director"]],
    ["Associate Director of Finance", ["director"]],
    ["Chief Technology Officer", ["executive"]],
    ["Managing Partner", ["executive"]],
    ["Senior Manager", ["senior", "manager"]],
  ] as const)("%s → %j", (term, levels) => {
    expect(detectLevels(term)).toEqual(levels);
  });

  it("does not read role nouns and pronouns as levels", () => {
    expect(detectLevels("Kitchen Staff")).toEqual([]);
    expect(detectLevels("Retail Associate")).toEqual([]);
    expect(detectLevels("HR Business Partner")).toEqual([]);
    // Off the technical ladders "staff" is the ordinary level, not a rank above senior.
    expect(detectLevels("Staff Accountant")).toEqual([]);
    expect(detectLevels("Staff Nurse - ICU")).toEqual([]);
    expect(detectLevels("what i do")).toEqual([]);
  });
});

describe("exact phase", () => {
  it("answers a name exactly matched after cleaning, with a confident score", () => {
    const r = normalizer.normalize("Senior Java Developer (m/w/d) - Berlin, Remote")!;
    expect(r.title.name).toBe("Java Developer");
    expect(r.job_levels).toEqual(["senior"]);
    expect(r.confidence).toBeGreaterThan(CONFIDENCE_THRESHOLD);
  });

  it("ranks an exact name before an exact alias of another title", () => {
    const ranked = normalizer.inspect("programmer", 2).map((r) => r.title.name);
    expect(ranked).toEqual(["Programmer", "Software Developer"]);
  });

  it("answers an exact alias before titles that only share words with the term", () => {
    expect(best("Personnel Manager")).toBe("Human Resources Manager");
    expect(best("Shop Assistant")).toBe("Sales Assistant");
    expect(normalizer.score("Personnel Manager", 1)[0]!.exact).toBe(1);
  });

  it("matches names and aliases exactly in any word order", () => {
    const machine = normalizer.score("Operator, Bottling Machine", 1)[0]!;
    expect([machine.title.name, machine.exact]).toEqual(["Bottling Machine Operator", 2]);
    const shop = normalizer.score("Assistant (Shop)", 1)[0]!;
    expect([shop.title.name, shop.exact]).not.toEqual(["Sales Assistant", 1]); // asides stay out of the key
    const alias = normalizer.score("Assistant Shop", 1)[0]!;
    expect([alias.title.name, alias.exact]).toEqual(["Sales Assistant", 1]);
    expect(normalizer.normalize("Operator, Bottling Machine")!.confidence).toBeGreaterThan(CONFIDENCE_THRESHOLD);
  });

  it("gives a one-word alias no exact-match priority, as it names a generic role", () => {
    expect(normalizer.score("programmer", 2).map((r) => [r.title.name, r.exact])).toEqual([
      ["Programmer", 2],
      ["Software Developer", 0],
    ]);
    const nurse = normalizer.score("Nurse", 1)[0]!;
    expect(nurse.title.name).toBe("Registered Nurse");
    expect(nurse.exact).toBe(0);
  });
});

describe("variants learned from the catalogue", () => {
  const lexicon = new Lexicon(titles.map((t) => ({ name: t.name, aliases: t.aliases ?? [] })), DEFAULT_WEIGHTS);
  const variants = (word: string) => lexicon.alternatives(word).map((a) => lexicon.words[a.word]);

  it("spells out acronyms mined from alias pairs, both ways", () => {
    expect(lexicon.prepare(rawTokens("QC Technician"), false).words).toEqual(["quality", "control", "technician"]);
    expect(best("QC Inspector")).toBe("Quality Control Inspector");
    expect(best("Quality Control Technician")).toBe("Quality Control Technician");
    expect(best("HR Mgr")).toBe("Human Resources Manager");
  });

  it("learns synonyms from aliases that differ in one word", () => {
    expect(variants("operative")).toContain("operator");
    expect(variants("operator")).toContain("operative");
    expect(variants("developer")).not.toContain("operative");
    expect(best("Labelling Machine Operative")).toMatch(/Machine Operator/);
  });

  it("expands abbreviations of common catalogue words", () => {
    expect(variants("mgr")).toContain("manager");
    expect(variants("asst")).toContain("assistant");
    expect(variants("dev")).toContain("developer");
    expect(best("Sr. Java Dev")).toBe("Java Developer");
    expect(best("Mktg Asst")).toBe("Marketing Assistant");
    expect(best("Admin Asst")).toBe("Administrative Assistant");
  });

  it("matches inflections and misspellings", () => {
    expect(variants("accountants")).toContain("accountant");
    expect(variants("marketer")).toContain("marketing");
    expect(variants("accounting")).toContain("accountant");
    expect(best("Accountants")).toBe("Accountant");
    expect(best("Softwre Develper")).toBe("Software Developer");
    expect(best("Registerd Nurse")).toBe("Registered Nurse");
  });

  it("splits camelCase and glued words and joins words the catalogue writes as one", () => {
    expect(lexicon.queryWords(rawTokens("SalesAssistant"))).toEqual(["sales", "assistant"]);
    expect(lexicon.queryWords(rawTokens("Sales person"))).toEqual(["salesperson"]);
    expect(lexicon.queryWords(rawTokens("Bookkeeperassistant"))).toEqual(["bookkeeper", "assistant"]);
    expect(best("Sales Person")).toBe("Sales Assistant");
  });

  it("keeps seniority words whole instead of splitting them into catalogue words", () => {
    const shipping = new Lexicon([{ name: "Ship Engineer", aliases: ["Intern Engineer"] }], DEFAULT_WEIGHTS);
    expect(shipping.queryWords(rawTokens("Internship"))).toEqual(["internship"]);
    expect(shipping.queryWords(rawTokens("Shipengineer"))).toEqual(["ship", "engineer"]);
  });
});

describe("management rank", () => {
  const neutral = new TitleNormalizer(catalogue, { weights: { rankMismatch: 0 } });
  const scoreOf = (n: TitleNormalizer, term: string, name: string) => n.score(term, 20).find((s) => s.title.name === name)!.score;

  it("tells managerial levels from the others", () => {
    expect(isManagerial(detectLevels("Marketing Manager"))).toBe(true);
    expect(isManagerial(detectLevels("Head of Sales"))).toBe(true);
    expect(isManagerial(detectLevels("Team Lead, Platform"))).toBe(true);
    expect(isManagerial(detectLevels("Senior Marketing Executive"))).toBe(false);
    expect(isManagerial(detectLevels("Kitchen Staff"))).toBe(false);
  });

  it("discounts a management title when the term names no managerial rank", () => {
    const factor = 1 - DEFAULT_WEIGHTS.rankMismatch;
    expect(scoreOf(normalizer, "Marketing", "Marketing Manager")).toBeCloseTo(factor * scoreOf(neutral, "Marketing", "Marketing Manager"), 9);
    expect(scoreOf(normalizer, "Marketing", "Marketing Assistant")).toBeCloseTo(scoreOf(neutral, "Marketing", "Marketing Assistant"), 9);
    expect(best("Marketing")).toBe("Marketing Assistant");
  });

  it("gives a management title no exact-alias priority for a term that names no rank", () => {
    const data = buildCatalogue(
      [{ path: "m.json", content: { career_group: "Test", titles: [title("Marketing Manager", "Marketing Executive"), title("Marketing Assistant")] } }],
      "test",
    );
    const top = (n: TitleNormalizer, term: string) => n.score(term, 1)[0]!;
    const ranked = new TitleNormalizer(new Catalogue(data));
    const plain = new TitleNormalizer(new Catalogue(data), { weights: { rankMismatch: 0 } });
    expect(top(plain, "Marketing Executive").exact).toBe(1);
    expect(top(ranked, "Marketing Executive").exact).toBe(0);
    expect(top(ranked, "Lead Marketing Executive").exact).toBe(1);
    expect(top(ranked, "Marketing Manager").exact).toBe(2);
  });

  it("leaves management titles alone when the term names a rank", () => {
    expect(scoreOf(normalizer, "Marketing Head", "Marketing Manager")).toBeCloseTo(scoreOf(neutral, "Marketing Head", "Marketing Manager"), 9);
    expect(best("Marketing Head")).toBe("Marketing Manager");
  });
});

describe("descriptions", () => {
  const described: TitleSource[] = [
    title("Marketing Assistant", "Marketing Aide"),
    title("Sales Assistant", "Shop Assistant"),
    title("Warehouse Worker", "Stock Handler"),
  ];
  const make = (withDescriptions: boolean) => {
    const data = buildCatalogue([{ path: "d.json", content: { career_group: "Test", titles: described } }], "test");
    if (withDescriptions) {
      const text: Record<string, string> = {
        "Marketing Assistant": "Marketing assistants support promotion campaigns, advertising and branding.",
        "Sales Assistant": "Sales assistants serve customers in shops and handle the till.",
        "Warehouse Worker": "Warehouse workers receive, store and dispatch goods; they drive forklifts.",
      };
      for (const t of data.titles) t.description = text[t.name]!;
    }
    return new TitleNormalizer(new Catalogue(data));
  };

  it("finds a title through its description when no label shares a word with the term", () => {
    expect(make(false).normalize("Forklifts")).toBeNull();
    expect(make(true).normalize("Forklifts")!.title.name).toBe("Warehouse Worker");
    expect(make(true).normalize("Advertising Promotion")!.title.name).toBe("Marketing Assistant");
  });

  it("only nudges: names and aliases still decide", () => {
    // "Shop" appears in the sales assistant's alias and in no description but the sales one; "customers" only there.
    expect(make(true).normalize("Shop Assistant")!.title.name).toBe("Sales Assistant");
    const withText = make(true).score("Marketing Aide", 1)[0]!;
    const without = make(false).score("Marketing Aide", 1)[0]!;
    expect(withText.title.name).toBe("Marketing Assistant");
    expect(withText.score - without.score).toBeLessThanOrEqual(DEFAULT_WEIGHTS.description + 1e-9);
  });
});

describe("ranking and confidence", () => {
  const words = ["java", "developer", "senior", "marketing", "manager", "assistant", "Berlin", "(m/w/d)", "-", "QC", "nurse", "xyz", "sales", "mgr", "|"];
  const terms = fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 6 }).map((w) => w.join(" "));

  it("gives confidences in [0, 1] that never increase down the list", () => {
    fc.assert(
      fc.property(terms, (term) => {
        const ranked = normalizer.inspect(term, 10);
        ranked.forEach((r, i) => {
          expect(r.confidence).toBeGreaterThanOrEqual(0);
          expect(r.confidence).toBeLessThanOrEqual(1);
          if (i > 0) expect(r.confidence).toBeLessThanOrEqual(ranked[i - 1]!.confidence);
        });
        expect(ranked.length).toBeLessThanOrEqual(10);
      }),
    );
  });

  it("is deterministic, across calls and instances", () => {
    const other = new TitleNormalizer(new Catalogue(buildCatalogue([{ path: "t.json", content: file }], "test")));
    fc.assert(
      fc.property(terms, (term) => {
        const a = normalizer.inspect(term, 5).map((r) => [r.title.id, r.confidence]);
        expect(normalizer.inspect(term, 5).map((r) => [r.title.id, r.confidence])).toEqual(a);
        expect(other.inspect(term, 5).map((r) => [r.title.id, r.confidence])).toEqual(a);
      }),
    );
  });

  it("gives as a short list the head of a longer one", () => {
    fc.assert(
      fc.property(terms, fc.integer({ min: 1, max: 6 }), (term, k) => {
        const long = normalizer.inspect(term, 30).map((r) => r.title.id);
        expect(normalizer.inspect(term, k).map((r) => r.title.id)).toEqual(long.slice(0, k));
      }),
    );
  });

  it("answers a weak guess below the threshold instead of nothing", () => {
    const weak = normalizer.normalize("Manager of Things")!;
    expect(weak).not.toBeNull();
    expect(weak.confidence).toBeLessThan(CONFIDENCE_THRESHOLD);
    expect(normalizer.normalize("Marketing Manager")!.confidence).toBeGreaterThan(CONFIDENCE_THRESHOLD);
  });

  it("returns nothing when no word resembles the catalogue", () => {
    expect(normalizer.normalize("!!! ###")).toBeNull();
    expect(normalizer.normalize("xyzzy qwerty")).toBeNull();
    expect(normalizer.inspect("java developer", 0)).toEqual([]);
  });

  it("scores a partial match below an exact one", () => {
    const exact = normalizer.score("Marketing Assistant", 1)[0]!;
    const partial = normalizer.score("Marketing Assistant Berlin Office", 1)[0]!;
    expect(partial.title.name).toBe("Marketing Assistant");
    expect(exact.exact).toBe(2);
    expect(partial.exact).toBe(0);
    expect(partial.confidence).toBeLessThan(exact.confidence);
  });
});

describe("default catalogue", () => {
  const dir = new URL("../../../catalogue/data/", import.meta.url);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => ({ path: f, content: JSON.parse(readFileSync(new URL(f, dir), "utf8")) as CatalogueSourceFile }));
  const shipped = new TitleNormalizer(new Catalogue(buildCatalogue(files, "default")));

  it("normalizes a noisy ad title to the Java developer title", () => {
    const r = shipped.normalize("Sr. Java Dev (m/w/d) – Remote, Berlin")!;
    expect(r.title.name).toMatch(/Java/);
    expect(r.title.name).toMatch(/Developer|Engineer/);
    expect(r.job_levels).toEqual(["senior"]);
    expect(r.confidence).toBeGreaterThan(CONFIDENCE_THRESHOLD);
  });
});

describe("helpers", () => {
  it("tells seniority words wherever they stand, unlike isLevelModifier which reads their position", () => {
    expect(["intern", "internship", "trainees", "staff", "lead", "sr"].filter((w) => !isLevelWord(w))).toEqual([]);
    expect(["engineer", "nurse", "manager", "shipping"].filter(isLevelWord)).toEqual([]);
    // "Kitchen Staff": as the last word, staff is the job, yet it is still a seniority word and is never split.
    expect(isLevelModifier("staff", 1, 2)).toBe(false);
    expect(isLevelWord("staff")).toBe(true);
  });

  it("stems inflections and derivations together", () => {
    expect(stem("accounting")).toBe(stem("accountant"));
    expect(stem("accounts")).toBe(stem("accountant"));
    expect(stem("marketer")).toBe(stem("marketing"));
    expect(stem("nurse")).not.toBe(stem("number"));
  });

  it("bounds the edit distance", () => {
    expect(editDistance("develper", "developer", 2)).toBe(1);
    expect(editDistance("grpahic", "graphic", 2)).toBe(1);
    expect(editDistance("nurse", "manager", 2)).toBe(3);
  });

  it("recognises prefixes and consonant skeletons as abbreviations", () => {
    expect(abbreviates("exec", "executive")).toBe(true);
    expect(abbreviates("mgr", "manager")).toBe(true);
    expect(abbreviates("mktg", "marketing")).toBe(true);
    expect(abbreviates("php", "photographic")).toBe(false);
    expect(abbreviates("one", "online")).toBe(false);
  });

  it("finds the words an acronym spells", () => {
    expect(spelledOut("ict", ["information", "and", "communication", "technology", "consultant"])).toEqual([
      "information", "and", "communication", "technology",
    ]);
    expect(spelledOut("qc", ["quality", "inspector"])).toBeNull();
  });

  it("keeps the k best items in order", () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.integer({ min: 0, max: 20 }), (xs, k) => {
        const top = new TopK<number>(k, (a, b) => b - a);
        for (const x of xs) top.offer(x);
        expect(top.sorted()).toEqual([...xs].sort((a, b) => b - a).slice(0, k));
        // The bar is the k-th best once k items are kept.
        expect(top.bar()).toBe(k > 0 && xs.length >= k ? top.sorted()[k - 1] : undefined);
      }),
    );
  });
});
