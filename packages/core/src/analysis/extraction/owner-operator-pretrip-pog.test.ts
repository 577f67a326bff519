import { loadDefaultCatalogue } from "@winnow/catalogue";
import { describe, expect, it } from "vitest";
import { Catalogue } from "../../catalogue/catalogue.ts";
import { TitleNormalizer } from "../../catalogue/normalizer.ts";
import { analyseCandidate } from "../engine/candidate.ts";

const catalogue = new Catalogue(loadDefaultCatalogue());
const ctx = { catalogue, normalizer: new TitleNormalizer(catalogue) };
const NOW = new Date(Date.UTC(2026, 10, 21));
const analyse = (text: string) => analyseCandidate(`Pat Lee\n${text}`, ctx, NOW);
const titles = (text: string) => analyse(text).experience.positions.map((p) => p.titleId && catalogue.title(p.titleId)?.name);
const skills = (text: string) => analyse(text).skills.map((s) => s.name);

describe("an owner-operator is a truck driver only where the line names the haulage", () => {
  it.each([
    "Owner-Operator, McDonald's franchise (3 restaurants)",
    "Owner/Operator, Chick-fil-A Mesa",
    "Franchise Owner-Operator, Subway",
    "Owner-Operator, Bright Smiles Daycare",
    "Owner-operator of a 40-seat cafe",
  ])("does not read %s as a truck driver", (line) => {
    expect(titles(`Experience\n${line}   Jun 2019 – Oct 2026\n- Hired and trained staff; ran payroll and ordering.`)).not.toContain("Truck Driver");
  });

  it("still reads a leased-on owner-operator as a truck driver", () => {
    expect(titles("Experience\nOwner-Operator, leased to Razorback Cold Freight, Springdale, AR   Jun 2019 – Oct 2026\n- Reefer loads across 12 states.")).toContain(
      "Truck Driver",
    );
    expect(titles("Experience\nOwner Operator (leased to Sunbelt Refrigerated Lines)   2015 – 2019\n- Ran my own tractor.")).toContain("Truck Driver");
  });

  it("passes over a line of thousands of owner-operators without haulage in linear time", () => {
    const line = "Owner-Operator, Subway; ".repeat(4200);
    expect(line.length).toBeGreaterThan(100_000);
    const started = performance.now();
    titles(`Experience\n${line}\n`);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe("a pre-trip is the inspection only as a noun, and a POG a planogram only in retail", () => {
  it("does not read a tour guide's pre-trip briefings or a travel agent's pre-trip planning as the inspection", () => {
    expect(skills("Experience\nTour Guide, Canyon Trails Tours   2019 – 2024\n- Tour guide: pre-trip briefings for groups of 40.")).not.toContain(
      "Pre-Trip Inspection",
    );
    expect(skills("Experience\nTravel Agent, Sunway Travel   2018 – 2024\n- Travel agent: pre-trip planning and visas.")).not.toContain(
      "Pre-Trip Inspection",
    );
  });

  it("still reads a driver's pre-trip, bare or with its inspection", () => {
    const driver = (bullet: string) => skills(`Experience\nCompany Driver, Heartland Express   2019 – 2024\n- ${bullet}`);
    expect(driver("My pre-trip is the same every morning: tires, brakes, air lines")).toContain("Pre-Trip Inspection");
    expect(driver("Full pre-trip and post-trip every day; slid tandems")).toContain("Pre-Trip Inspection");
    expect(driver("Pre-trip, en-route and post-trip inspections")).toContain("Pre-Trip Inspection");
    expect(driver("ELD & Hours of Service · Pre-trip")).toContain("Pre-Trip Inspection");
    expect(driver("Daily pre-trip inspections on tractor and trailer")).toContain("Pre-Trip Inspection");
  });

  it("does not read a soldier's POG as a planogram, but reads a store's", () => {
    const veteran = skills(
      "Experience\nSupply Clerk, U.S. Army   2012 – 2016\n- Army veteran (POG, supply clerk). Inventory control, forklift operation, shipping and receiving, hazmat handling.",
    );
    expect(veteran).not.toContain("Planograms");
    const store = skills(
      "Experience\nStore Manager, Big 5 Sporting Goods   2019 – 2024\n- POGs/VM: 4 seasonal resets a yr; 98% POG compliance on DM visits; shrink, labor scheduling, P&L.",
    );
    expect(store).toContain("Planograms");
  });
});

describe("review: a clipping is left to its trade only where it is slang elsewhere (POG), not a product's shorthand", () => {
  it.each([
    ["Skills\nQBO, Excel, payroll", "QuickBooks"],
    ["Experience\nBookkeeper, Main St Dental, 2019–2024\n- Reconciled bank accounts in QBO", "QuickBooks"],
    ["Experience\nCompliance Specialist, Acme Imports   2019 – 2024\n- Led CTPAT audits and validation visits", "C-TPAT"],
  ])("reads %j as %s", (text, skill) => {
    expect(skills(text)).toContain(skill);
  });

  it("reads the other product shorthands the clipping rule caught", () => {
    const read = skills("Skills\nJS, TSQL, PSSE, Excel");
    expect(read).toEqual(expect.arrayContaining(["JavaScript", "T-SQL", "PSS/E"]));
  });

  it("still leaves a soldier's POG unread and reads a store's", () => {
    expect(skills("Experience\nSupply Clerk, U.S. Army   2012 – 2016\n- Army veteran (POG, supply clerk). Forklift operation.")).not.toContain(
      "Planograms",
    );
    expect(skills("Experience\nStore Manager, Big 5 Sporting Goods   2019 – 2024\n- POGs/VM: 4 seasonal resets a yr; 98% POG compliance on DM visits; shrink, labor scheduling, P&L.")).toContain(
      "Planograms",
    );
  });
});

describe("review: a driver's pre-trip before an everyday trucking noun is the inspection", () => {
  it.each([
    "- Completed DOT pre-trip checks on a Class A tractor",
    "- Pre-trip safety inspections, ELD logs, hazmat loads",
    "- Daily pre-trip walkarounds and post-trip reports",
  ])("reads %s as Pre-Trip Inspection", (bullet) => {
    expect(skills(`Experience\nCompany Driver, Heartland Express   2019 – 2024\n${bullet}`)).toContain("Pre-Trip Inspection");
  });

  it("reads pre-trip checks as the inspection even where nothing else shows driving", () => {
    expect(skills("Experience\nYard Hand, Acme   2019 – 2024\n- Pre-trip walkarounds and pre-trip brake checks")).toContain("Pre-Trip Inspection");
  });

  it("reads any pre-trip compound as the inspection in a document that shows commercial driving", () => {
    expect(skills("Experience\nCompany Driver, Heartland Express   2019 – 2024\n- Class A CDL; pre-trip routines on every shift")).toContain(
      "Pre-Trip Inspection",
    );
  });

  it("still leaves a teacher's pre-trip permission slips unread beside ELD (English Language Development)", () => {
    expect(
      skills("Experience\n3rd Grade Teacher, Lincoln Elementary   2019 – 2024\n- ELD small groups; sent pre-trip permission slips for field trips"),
    ).not.toContain("Pre-Trip Inspection");
  });

  it("still leaves a tour guide's and a travel agent's pre-trip unread", () => {
    expect(skills("Experience\nTour Guide, Canyon Trails Tours   2019 – 2024\n- Tour guide: pre-trip briefings for groups of 40.")).not.toContain(
      "Pre-Trip Inspection",
    );
    expect(skills("Experience\nTravel Agent, Sunway Travel   2018 – 2024\n- Travel agent: pre-trip planning and visas.")).not.toContain(
      "Pre-Trip Inspection",
    );
  });

  it("passes over thousands of pre-trip modifiers in linear time", () => {
    const text = `Experience\nTour Guide, Canyon Trails Tours   2019 – 2024\n- ${"pre-trip briefings; ".repeat(5200)}`;
    expect(text.length).toBeGreaterThan(100_000);
    const started = performance.now();
    skills(text);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe("review: an owner-operator's entry can name the haulage after its title line", () => {
  it("reads an owner-operator whose bullets or employer line name the trucking as a truck driver", () => {
    expect(
      titles(
        "Experience\nOwner Operator, Self-employed   Jan 2016 – Oct 2026\n- Hauled dry van freight OTR across 48 states with a Class A CDL",
      ),
    ).toContain("Truck Driver");
    expect(titles("Experience\nOwner-Operator   2014 – 2026\nLee Transport LLC\n- 120,000 miles a year")).toContain("Truck Driver");
  });

  it("still does not read a franchise's, daycare's or café's owner-operator as a truck driver", () => {
    for (const line of [
      "Owner-Operator, McDonald's franchise (3 restaurants)",
      "Owner/Operator, Chick-fil-A Mesa",
      "Franchise Owner-Operator, Subway",
      "Owner-Operator, Bright Smiles Daycare",
      "Owner-operator of a 40-seat cafe",
    ]) {
      expect(titles(`Experience\n${line}   Jun 2019 – Oct 2026\n- Hired and trained staff; ran payroll and ordering.\n- Grew sales 20%.`)).not.toContain(
        "Truck Driver",
      );
    }
  });

  it("passes over thousands of owner-operator lines without haulage in linear time", () => {
    const text = `Experience\n${"Owner-Operator, Subway\n".repeat(4500)}`;
    expect(text.length).toBeGreaterThan(100_000);
    const started = performance.now();
    titles(text);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
