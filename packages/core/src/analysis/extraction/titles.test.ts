import { describe, expect, it } from "vitest";
import { buildCatalogue } from "../../catalogue/build.ts";
import { Catalogue } from "../../catalogue/catalogue.ts";
import { TitleNormalizer } from "../../catalogue/normalizer.ts";
import { parseDocument } from "../text/document.ts";
import { RESUME_SECTIONS } from "../text/headings.ts";
import { titleOnLine } from "./titles.ts";

const catalogue = new Catalogue(
  buildCatalogue(
    [
      { path: "skills.json", content: { skills: [{ name: "IT Strategy", type: "Specialized Skill" }] } },
      {
        path: "it.json",
        content: {
          career_group: "IT",
          titles: [
            { name: "IT Director", aliases: ["Director of IT Operations"], skills: ["IT Strategy"] },
            { name: "Site Reliability Engineer", skills: ["IT Strategy"] },
            { name: "Medical Practice Manager", aliases: ["Practice Manager", "Dental Practice Manager"], skills: ["IT Strategy"] },
            { name: "Data Analytics Manager", aliases: ["Analytics Manager", "Manager of Data Analytics"], skills: ["IT Strategy"] },
            { name: "Finance Manager", aliases: ["Manager of Finance"], skills: ["IT Strategy"] },
            { name: "Construction Manager", skills: ["IT Strategy"] },
            { name: "Director of Nursing", aliases: ["Nursing Director"], skills: ["IT Strategy"] },
          ],
        },
      },
    ],
    "test",
  ),
);
const ctx = { catalogue, normalizer: new TitleNormalizer(catalogue) };
const titleOf = (text: string) => {
  const doc = parseDocument(text, RESUME_SECTIONS);
  const found = titleOnLine(ctx, text, doc.lines[0]!);
  return found && [found.title.name, found.written];
};
const levelsOf = (text: string) => titleOnLine(ctx, text, parseDocument(text, RESUME_SECTIONS).lines[0]!)?.levels;

describe("a rank set apart from its field", () => {
  it("reads '<Rank> – <Field>' as the catalogue's '<Rank> of <Field>', written as on the line", () => {
    expect(titleOf("Director – IT Operations March 2006 – November 2010")).toEqual(["IT Director", "Director – IT Operations"]);
    expect(titleOf("Director: IT Operations")).toEqual(["IT Director", "Director: IT Operations"]);
  });

  it("reads '<Rank>, <Field>' as '<Field> <Rank>' or '<Rank> of <Field>', with a level word before the rank", () => {
    expect(titleOf("Manager, Analytics — Hilltop Department Stores")).toEqual(["Data Analytics Manager", "Manager, Analytics"]);
    expect(titleOf("Senior Manager, Analytics & Insights — Olentangy Mutual Insurance, Columbus, OH")).toEqual([
      "Data Analytics Manager",
      "Senior Manager, Analytics",
    ]);
    expect(levelsOf("Senior Manager, Analytics & Insights — Olentangy Mutual")).toContain("manager");
    expect(titleOf("Manager, Data Analytics")).toEqual(["Data Analytics Manager", "Manager, Data Analytics"]);
  });

  it("does not read an employer's name after a rank and a comma as the field", () => {
    expect(titleOf("Manager, Acme Retail Stores 2019 – 2021")).toBeNull();
    expect(titleOf("Manager, analytics team")).toBeNull();
  });

  it("reads the field only where it ends the title, not where it runs on into the employer's name", () => {
    expect(titleOf("Manager, Finance of America 2017 – 2022")).toBeNull();
    expect(titleOf("Manager, Construction Specialties Inc. 2012 – 2017")).toBeNull();
    expect(titleOf("Director, Nursing Home Partners LLC")).toBeNull();
    expect(titleOf("Manager, Finance Andover Corp")).toBeNull();
    expect(titleOf("Manager, Finance & Insurance Group LLC")).toBeNull();
    expect(titleOf("Director – Finance of America 2017 – 2022")).toBeNull();
    // The field ends at the line's end, a mark, the dates, or "at" the employer.
    expect(titleOf("Manager, Finance")).toEqual(["Finance Manager", "Manager, Finance"]);
    expect(titleOf("Manager, Finance 2017 – 2022")).toEqual(["Finance Manager", "Manager, Finance"]);
    expect(titleOf("Manager, Finance Jan 2017 – Mar 2022")).toEqual(["Finance Manager", "Manager, Finance"]);
    expect(titleOf("Manager, Finance — Finance of America")).toEqual(["Finance Manager", "Manager, Finance"]);
    expect(titleOf("Manager, Construction | Acme Builders")).toEqual(["Construction Manager", "Manager, Construction"]);
    expect(titleOf("Director, Nursing at Mercy Hospital")).toEqual(["Director of Nursing", "Director, Nursing"]);
    expect(titleOf("Director, Nursing (Long-Term Care)")).toEqual(["Director of Nursing", "Director, Nursing"]);
    expect(titleOf("Manager, Finance and Accounting — Acme")).toEqual(["Finance Manager", "Manager, Finance"]);
  });

  it("reads the rank the same way before a dash and before a comma: any case, after a level word", () => {
    expect(titleOf("Senior Director – IT Operations, Acme")).toEqual(["IT Director", "Senior Director – IT Operations"]);
    expect(titleOf("SENIOR DIRECTOR – IT Operations")).toEqual(["IT Director", "SENIOR DIRECTOR – IT Operations"]);
    expect(titleOf("Senior Director, IT Operations")).toEqual(["IT Director", "Senior Director, IT Operations"]);
    expect(titleOf("sr. manager, Finance")).toEqual(["Finance Manager", "sr. manager, Finance"]);
  });

  it("reads no title when the words after the dash make none", () => {
    expect(titleOf("Director – Windows Platform 2019 – 2021")).toBeNull();
    expect(titleOf("Director of Marketing")).toBeNull();
  });
});

describe("level words after a title", () => {
  it("widen the title, unless they open a repeat of it", () => {
    expect(titleOf("IT Director Senior, Acme")).toEqual(["IT Director", "IT Director Senior"]);
    expect(titleOf("Senior IT Director Senior IT Director")).toEqual(["IT Director", "Senior IT Director"]);
  });
});

describe("a title next to a part break", () => {
  it("is read after the break when the longest match runs across it", () => {
    // "Dental Practice Manager" is an alias too, but "Dental" here ends the employer's name.
    expect(titleOf("Lakeside Dental, Practice Manager")).toEqual(["Medical Practice Manager", "Practice Manager"]);
    expect(titleOf("Lakeside Dental Practice Manager")).toEqual(["Medical Practice Manager", "Dental Practice Manager"]);
  });

  it("is no title when the words after the break name none", () => {
    expect(titleOf("Dental, Practice")).toBeNull();
  });
});

describe("a team rank joined to the title", () => {
  it("is the level the title was held at", () => {
    expect(levelsOf("Founding Member & Site Reliability Engineer & Platform Team Lead  Mar 2021 – Present")).toEqual(["lead"]);
    expect(levelsOf("Tech Lead / Site Reliability Engineer")).toEqual(["lead"]);
    expect(levelsOf("Senior Site Reliability Engineer and Group Manager")).toEqual(["senior", "manager"]);
  });

  it("is not read from another role or a founder's title joined to it", () => {
    expect(levelsOf("Site Reliability Engineer & Practice Manager")).toEqual([]);
    expect(levelsOf("Co-founder & Site Reliability Engineer")).toEqual([]);
    expect(levelsOf("Site Reliability Engineer, Platform Team Lead: Jane Doe")).toEqual([]);
  });
});

describe("a crew's rank joined to the trade it leads", () => {
  const trades = new Catalogue(
    buildCatalogue(
      [
        { path: "skills.json", content: { skills: [{ name: "Conduit Bending", type: "Specialized Skill" }] } },
        {
          path: "trades.json",
          content: {
            career_group: "Construction & Skilled Trades",
            titles: [
              // Gendered job words are read by their neutral form (text/occupations.ts): the catalogue carries both.
              { name: "Foreman", aliases: ["General Foreman", "Foreperson", "General Foreperson"], skills: ["Conduit Bending"] },
              { name: "Electrician", aliases: ["Journeyman Electrician", "Journeyperson Electrician"], skills: ["Conduit Bending"] },
              { name: "Site Supervisor", skills: ["Conduit Bending"] },
            ],
          },
        },
        { path: "sales.json", content: { career_group: "Sales", titles: [{ name: "Account Executive", skills: [] }] } },
      ],
      "test",
    ),
  );
  const tctx = { catalogue: trades, normalizer: new TitleNormalizer(trades) };
  const read = (text: string) => {
    const found = titleOnLine(tctx, text, parseDocument(text, RESUME_SECTIONS).lines[0]!);
    return found && [found.title.name, found.written, found.levels];
  };

  it("reads 'Foreman / Journeyman Electrician' as the trade at lead level", () => {
    expect(read("Foreman / Journeyman Electrician — Tejas Electric Co., San Antonio, TX")).toEqual(["Electrician", "Journeyman Electrician", ["lead"]]);
    expect(read("General Foreman & Electrician, 2015 – 2019")).toEqual(["Electrician", "Electrician", ["lead"]]);
  });

  it("keeps the rank alone, joined to another rank, to another field's title, or not joined", () => {
    expect(read("Foreman — Acme Builders, 2015 – 2016")).toEqual(["Foreman", "Foreman", []]);
    expect(read("General Foreman / Site Supervisor — Acme Builders")?.[0]).toBe("Foreman");
    expect(read("Foreman / Account Executive")?.[0]).toBe("Foreman");
    expect(read("Foreman, Journeyman Electrician crew")?.[0]).toBe("Foreman");
  });
});

const storeCatalogue = new Catalogue(
  buildCatalogue(
    [
      { path: "skills.json", content: { skills: [{ name: "Store Operations", type: "Specialized Skill" }] } },
      {
        path: "retail.json",
        content: {
          career_group: "Retail",
          titles: [
            { name: "General Manager", skills: ["Store Operations"] },
            { name: "Store Manager", aliases: ["Retail Store Manager"], skills: ["Store Operations"] },
            { name: "Assistant Store Manager", aliases: ["ASM"], skills: ["Store Operations"] },
            { name: "Team Member", skills: ["Store Operations"] },
            { name: "Cashier", skills: ["Store Operations"] },
            { name: "Shift Supervisor", skills: ["Store Operations"] },
            { name: "Paralegal", skills: ["Store Operations"] },
            { name: "Associate", skills: ["Store Operations"] },
            { name: "Team Lead", skills: ["Store Operations"] },
            { name: "Software Engineer", skills: ["Store Operations"] },
          ],
        },
      },
    ],
    "test",
  ),
);
const storeCtx = { catalogue: storeCatalogue, normalizer: new TitleNormalizer(storeCatalogue) };
const storeTitle = (text: string) => {
  const found = titleOnLine(storeCtx, text, parseDocument(text, RESUME_SECTIONS).lines[0]!);
  return found && { name: found.title.name, written: found.written, levels: found.levels };
};

describe("a title glossed in brackets", () => {
  it("reads the title the brackets explain the employer's name with", () => {
    expect(storeTitle("VoltCity Electronics — General Manager (store manager), Summerlin, Las Vegas")).toMatchObject({
      name: "Store Manager",
      written: "store manager",
    });
    expect(storeTitle("Associate (Paralegal) — Hale & Ortiz LLP, 2019 – 2023")?.name).toBe("Paralegal");
    expect(storeTitle("Team Member (= Cashier), Valley Fresh Market")?.name).toBe("Cashier");
    expect(storeTitle("Team Member (i.e. Shift Supervisor) 2020 – 2022")?.name).toBe("Shift Supervisor");
  });

  it("keeps the first title's rank when the gloss names none", () => {
    expect(storeTitle("Team Lead (Software Engineer) — Acme, 2021 – 2024")).toMatchObject({ name: "Software Engineer", levels: ["lead"] });
  });

  it("leaves the title alone when the brackets hold more than a title, or something else", () => {
    expect(storeTitle("Cashier (promoted to Shift Supervisor), Valley Fresh Market")?.name).toBe("Cashier");
    expect(storeTitle("Cashier (Shift Supervisor from 2021), Valley Fresh Market")?.name).toBe("Cashier");
    expect(storeTitle("Store Manager (Acme Outdoor), 2019 – 2023")?.name).toBe("Store Manager");
    expect(storeTitle("General Manager (contract) 2019 – 2023")?.name).toBe("General Manager");
    expect(storeTitle("General Manager, Summerlin (Store Manager Club member)")?.name).toBe("General Manager");
  });
});

describe("a title written as its acronym", () => {
  it("holds the rank its full name states", () => {
    const full = storeTitle("Assistant Store Manager — Allsport Warehouse #0409")!.levels;
    expect(full.length).toBeGreaterThan(0);
    expect(storeTitle("ASM – Sales & Service — Allsport Warehouse #0409")).toMatchObject({ name: "Assistant Store Manager", levels: full });
  });

  it("keeps the level words written around it, and reads no rank into a title whose name has none", () => {
    expect(storeTitle("Senior ASM — Allsport Warehouse")!.levels).toContain("senior");
    expect(storeTitle("Cashier — Valley Fresh Market")!.levels).toEqual([]);
  });
});
