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
