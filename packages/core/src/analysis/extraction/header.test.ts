import { describe, expect, it } from "vitest";
import { buildCatalogue } from "../../catalogue/build.ts";
import { Catalogue } from "../../catalogue/catalogue.ts";
import { TitleNormalizer } from "../../catalogue/normalizer.ts";
import type { CatalogueSourceFile } from "../../catalogue/types.ts";
import { fixtureContext } from "../__fixtures__/catalogue.ts";
import { JOB_SECTIONS } from "../text/headings.ts";
import type { EngineContext } from "../types.ts";
import { extractJobHeader, headerPlace, MIN_TITLE_CONFIDENCE } from "./header.ts";
import { scanText } from "./scan.ts";

const ctx = fixtureContext();
const header = (text: string) => extractJobHeader(scanText(text, JOB_SECTIONS, ctx.catalogue), ctx);

describe("job title", () => {
  it("prefers a labelled title and links it to the catalogue", () => {
    const h = header("ACME CORP\nJob Title: Backend Developer (m/w/d)\nLocation: Hamburg");
    expect(h.title).toMatchObject({ text: "Backend Developer", name: "Backend Engineer", careerGroup: "Software Development" });
    expect(h.title.confidence).toBeGreaterThanOrEqual(0.5);
  });

  it("cleans brackets, places, work modes and employment types from the first line", () => {
    const h = header("Senior Backend Engineer (Remote, EU) - Berlin | Full-time\nLocation: Berlin, Germany\n\nAbout us");
    expect(h.title.text).toBe("Senior Backend Engineer");
    expect(h.title.levels).toEqual(["senior"]);
    expect(h.location).toBe("Berlin, Germany (Remote)");
  });

  it("keeps a team name after a dash, which is part of the title", () => {
    expect(header("Software Engineer - Payments Team\nRequirements\n- Go").title.text).toBe("Software Engineer - Payments Team");
  });

  it("links a title followed by an employer and place, or naming a catalogue title inside a longer one", () => {
    const employer = header("PLATFORM ENGINEER - Stone & Reed, Springfield\nRequirements\n- Terraform");
    expect(employer.title).toMatchObject({ text: "PLATFORM ENGINEER - Stone & Reed, Springfield", name: "Platform Engineer" });
    const longer = header("Backend Payments Software Engineer\nRequirements\n- Go");
    expect(longer.title.name).toBe("Software Engineer");
    // Titles of the same career group that share its skills, closest first.
    expect(longer.title.kin.map((k) => k.overlap)).toEqual([...longer.title.kin.map((k) => k.overlap)].sort((a, b) => b - a));
    expect(longer.title.kin.every((k) => k.overlap > 0 && k.overlap <= 1)).toBe(true);
  });

  it("reads markdown headings and skips labels", () => {
    const h = header("# Frontend Developer | Remote\n\n**Company:** Acme Health\n\n## About the role\nYou build UIs.");
    expect(h.title.text).toBe("Frontend Developer");
    expect(h.location).toBe("Remote");
  });

  it("finds a title in an opening sentence when there is no title line", () => {
    const text = "We are hiring a DevOps Engineer to run our Kubernetes clusters in Austin, TX. This is a hybrid role.";
    const h = header(text);
    expect(h.title).toMatchObject({ text: "DevOps Engineer", name: "DevOps Engineer" });
    expect(text.slice(...h.titleSpan!)).toBe("DevOps Engineer");
    expect(h.location).toBe("Austin, TX (Hybrid)");
  });

  it("shows an unknown title as written without linking it", () => {
    const h = header("Happiness Wizard\nRequirements\n- Smiles");
    expect(h.title).toMatchObject({ text: "Happiness Wizard", id: null, name: null, careerGroup: null });
    expect(h.title.confidence).toBeLessThan(0.5);
  });

  describe("a title written exactly as a catalogue name or alias", () => {
    const mech: CatalogueSourceFile = {
      career_group: "Mechanical & Industrial Engineering",
      skills: [
        { name: "SolidWorks", type: "Specialized Skill" },
        { name: "Mechanical Design", type: "Specialized Skill" },
        { name: "HVAC Design", type: "Specialized Skill" },
      ],
      titles: [
        { name: "Design Engineer", aliases: ["Mechanical Design Engineer", "Product Design Engineer"], skills: ["SolidWorks", "Mechanical Design"] },
        { name: "Mechanical Engineer", skills: ["SolidWorks", "HVAC Design"] },
        { name: "Mechanical Engineering Manager", skills: ["Mechanical Design"] },
        { name: "Mechanical Drafter", aliases: ["Drafter"], skills: ["SolidWorks"] },
      ],
    };
    const catalogue = new Catalogue(buildCatalogue([{ path: "mech.json", content: mech }], "test"));
    const normalizer = new TitleNormalizer(catalogue);
    // On the shipped catalogue "Mechanical Design Engineer" normalizes to Design Engineer at 0.40, Mechanical Engineer
    // close behind: a normalizer as unsure as that of every title.
    const unsure: EngineContext = {
      catalogue,
      normalizer: {
        normalize: (term) => {
          const n = normalizer.normalize(term);
          return n && { ...n, confidence: Math.min(n.confidence, 0.4) };
        },
        detectLevels: (term) => normalizer.detectLevels(term),
      },
    };
    const title = (text: string) => extractJobHeader(scanText(`${text}\nRequirements\n- SolidWorks`, JOB_SECTIONS, catalogue), unsure).title;

    it("links it whatever the normalizer's confidence, and reports the link as certain", () => {
      expect(title("Mechanical Design Engineer")).toMatchObject({ name: "Design Engineer", confidence: 1, levels: [] });
      expect(title("Design Engineer")).toMatchObject({ name: "Design Engineer", confidence: 1 });
      // Level words of an individual role around it change nothing but the level.
      expect(title("Senior Mechanical Design Engineer")).toMatchObject({ name: "Design Engineer", confidence: 1, levels: ["senior"] });
      expect(title("Mechanical Design Engineer II").name).toBe("Design Engineer");
      expect(title("Mechanical Design Engineer").kin.length).toBeGreaterThan(0);
    });

    it("leaves a near miss, a manager of the role or a one-word alias to the normalizer", () => {
      const near = title("Mechanical Design Engineering Manager");
      expect(near.name).not.toBe("Design Engineer");
      expect(near.confidence).toBeLessThan(MIN_TITLE_CONFIDENCE);
      expect(near.id).toBeNull();
      expect(title("Mechanical Design Engineer Manager").id).toBeNull();
      // "Drafter" alone names a generic role, not Mechanical Drafter; the name itself still links.
      expect(title("Drafter").id).toBeNull();
      expect(title("Mechanical Drafter")).toMatchObject({ name: "Mechanical Drafter", confidence: 1 });
    });

    it("keeps the normalizer's own confidence when it links a title not written as the catalogue's", () => {
      const sure = (text: string) => extractJobHeader(scanText(`${text}\nRequirements\n- SolidWorks`, JOB_SECTIONS, catalogue), { catalogue, normalizer }).title;
      const near = sure("Mechanical Design Engineering Manager");
      expect(near.confidence).toBe(normalizer.normalize("Mechanical Design Engineering Manager")!.confidence);
      expect(near.confidence).toBeLessThan(1);
    });
  });

  it("gives an empty title and no location for an empty posting", () => {
    expect(header("")).toMatchObject({ title: { text: "", id: null, levels: [] }, titleSpan: null, location: null });
  });
});

describe("job location", () => {
  it("reads 'based in' and work-mode statements", () => {
    expect(header("Data Engineer\nWe are based in Lisbon, Portugal and work remotely two days a week.").location).toBe(
      "Lisbon, Portugal (Remote)",
    );
  });

  it("takes the value on the line after an empty location label", () => {
    expect(header("Accountant\nLocation:\nChicago, IL").location).toBe("Chicago, IL");
  });

  it("does not take a work mode from the benefits", () => {
    expect(header("Accountant\nBenefits\n- Remote work on Fridays").location).toBeNull();
  });
});

describe("job location from the header lines", () => {
  it("reads a city and region from a line of employer, place and work mode", () => {
    expect(header("Staff Accountant\nCalder & Finch Home Goods — Minneapolis, MN (hybrid: three days in the office)\n\nWho we are").location).toBe("Minneapolis, MN (Hybrid)");
    expect(header("SENIOR ACCOUNTANT\nFull-time | Chicago, IL | Hybrid\nABOUT THE COMPANY").location).toBe("Chicago, IL (Hybrid)");
    expect(header("Line Cook – Full Time\nOlive & Ember, Portland, OR\n\nWe're a busy restaurant.").location).toBe("Portland, OR");
  });

  it("drops a ZIP code and reads either side of an 'or'", () => {
    expect(header("WAREHOUSE ASSOCIATE\nReno, NV 89502\nREQUIREMENTS").location).toBe("Reno, NV");
    expect(header("Machine Learning Engineer\nSan Francisco, CA or Remote (US)\nRESPONSIBILITIES").location).toBe("San Francisco, CA (Remote)");
  });

  it("takes a work mode written alone in the header", () => {
    expect(header("Customer Support Specialist\nRemote (US only)\n\nHi! We're a small company.").location).toBe("Remote");
  });

  it("does not take a company's legal form for a region, nor read prose or lines below the first heading", () => {
    expect(header("Account Executive\nLedgerline, LLC | Full-time\nRequirements\n- Go").location).toBeNull();
    expect(header("Data Engineer\nRequirements\nDenver, CO").location).toBeNull();
    expect(header("Data Engineer\nWe have offices in many places, Denver, CO.\nRequirements").location).toBeNull();
  });

  it("reads territory and German location labels, and 'based in our … office'", () => {
    expect(header("Outside Sales Representative\nTerritory: Columbus, OH and surrounding area").location).toBe("Columbus, OH and surrounding area");
    expect(header("Data Engineer (m/w/d)\nStandort: Hamburg\nYour tasks").location).toBe("Hamburg");
    expect(header("Product Manager\nThis is a hybrid role based in our London office.").location).toBe("London (Hybrid)");
  });
});

describe("headerPlace", () => {
  it.each([
    ["Lone Oak Electrical Contractors, Inc. – San Antonio, TX", "San Antonio, TX"],
    ["Hamburg, Germany", "Hamburg, Germany"],
    ["Full-time | Contract", null],
    ["Ledgerline, Inc.", null],
  ])("reads %j as %j", (line, place) => {
    expect(headerPlace(line)).toBe(place);
  });
});

describe("a well-known city without its region", () => {
  it("is the place on a header line, before a work-mode bracket or alone", () => {
    expect(header("UX Designer\nBerlin (on-site) or remote within Germany\n\nAbout us").location).toBe("Berlin (On-site)");
    expect(header("Product Manager\nLondon\n\nAbout us").location).toBe("London");
  });

  it("is the place on a location label, its work mode read from the bracket", () => {
    expect(header("UX Designer\nLocation: Berlin (on-site)\n").location).toBe("Berlin (On-site)");
  });

  it("is the place after the title", () => {
    expect(header("Sous Chef - Marrow & Vine, Chicago\n\nAbout us").location).toBe("Chicago");
  });

  it("is not read from a name the list does not hold", () => {
    expect(header("UX Designer\nAcme Studio\n\nAbout us").location).toBeNull();
    expect(header("UX Designer\nRiverton (on-site)\n\nAbout us").location).toBe("On-site");
  });
});
