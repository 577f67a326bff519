import { describe, expect, it } from "vitest";
import { Catalogue } from "@winnow/core/catalogue/catalogue";
import { loadDefaultCatalogue } from "./index.ts";

const catalogue = new Catalogue(loadDefaultCatalogue());
const skillsIn = (text: string): string[] =>
  [...new Set(catalogue.findSkills(text).map((m) => catalogue.skill(m.value)!.name))].sort();
const titlesIn = (text: string): string[] => catalogue.titleMatcher.findAll(text).map((h) => catalogue.title(h.value)!.name);

describe("warehouse floor titles", () => {
  it("reads the department and lead titles of a DC as warehouse supervision", () => {
    for (const written of [
      "Outbound Supervisor, 2nd Shift",
      "Inbound Operations Supervisor, 2nd shift | 2022–Present",
      "Shipping & Receiving Supervisor",
      "Shipping and Receiving Supervisor",
      "Warehouse Lead, Night Selection",
      "Receiving Lead — FreshWay Grocery Distribution",
      "DC Supervisor",
    ]) {
      expect(titlesIn(written), written).toEqual(["Warehouse Supervisor"]);
    }
  });

  it("leaves other supervisors and area managers alone", () => {
    expect(titlesIn("Production Shift Supervisor")).not.toContain("Warehouse Supervisor");
    expect(titlesIn("Retail Area Manager")).toEqual(["District Manager"]);
    expect(titlesIn("Security Supervisor")).not.toContain("Warehouse Supervisor");
    // Sales development and marketing have inbound and outbound leads too; utilities have distribution supervisors.
    expect(titlesIn("Outbound Team Lead, Gong 2021 – Present")).not.toContain("Warehouse Supervisor");
    expect(titlesIn("Inbound Lead - Demand Generation")).not.toContain("Warehouse Supervisor");
    expect(titlesIn("Distribution Supervisor, line crews")).not.toContain("Warehouse Supervisor");
  });
});

describe("warehouse shorthand for systems, trucks and numbers", () => {
  it("reads Manhattan's WMS names, lift trucks and PIT, and the productivity figures of a shift", () => {
    expect(skillsIn("MAWM (Manhattan Active WM) exceptions; WMOS (legacy)")).toContain("Manhattan WMS");
    expect(skillsIn("Trained and authorized on sit-down counterbalance, stand-up reach and order-picker trucks")).toEqual(
      expect.arrayContaining(["Forklift Operation", "Reach Truck Operation"]),
    );
    expect(skillsIn("Led eight receivers and lift-truck drivers on the inbound dock")).toContain("Forklift Operation");
    expect(skillsIn("PIT trainer (sit-down, reach, order picker)")).toContain("Forklift Operation");
    expect(titlesIn("Selector and Lift Truck Driver — Cornerstone Foods Warehouse")).toContain("Forklift Operator");
    expect(titlesIn("Selector and Lift Truck Driver — Cornerstone Foods Warehouse")).not.toContain("Truck Driver");
    expect(skillsIn("Raised shift UPH from 84 to 101; units per labor hour +14%; cases per hour from 155 to 182")).toContain("KPI Tracking");
  });

  it("does not read a pit, a counterweight or a work hour as warehouse skills", () => {
    expect(skillsIn("Pit crew for a stock-car team; smoked brisket in the barbecue pit")).not.toContain("Forklift Operation");
    expect(skillsIn("Designed the counterbalance spring for the lid hinge")).not.toContain("Forklift Operation");
    expect(skillsIn("Billed 1,900 hours per year; paid per hour")).not.toContain("KPI Tracking");
  });
});

describe("tradespeople's shorthand for a licence to drive and their own tools", () => {
  it("reads a clean driving record as a driver's licence, and owning one's tools as hand tools", () => {
    expect(skillsIn("Own my truck and a full set of benders. Clean driving record.")).toContain("Driver's License");
    expect(skillsIn("Own hand tools and reliable transportation; valid DL")).toEqual(expect.arrayContaining(["Driver's License", "Hand Tools"]));
    // "Own tools" alone is as often software ("you'll write our own tools").
    expect(skillsIn("You'll write our own tools")).not.toContain("Hand Tools");
  });

  it("does not read a record or ownership of other things as either", () => {
    expect(skillsIn("Clean safety record; own the month-end close")).not.toContain("Driver's License");
    expect(skillsIn("Clean safety record; own the month-end close")).not.toContain("Hand Tools");
  });
});

describe("electrical titles", () => {
  // "JW" alone is not a title: "JW Marriott" is a hotel. "JW Electrician" is.
  it("reads 'JW Electrician' as an electrician, 'JW' alone as nothing", () => {
    expect(titlesIn("JW Electrician")).toEqual(["Electrician"]);
    expect(titlesIn("Line Cook, JW Marriott Austin")).toEqual(["Line Cook"]);
  });

  it("reads an electrical superintendent as a construction superintendent, not a building's or a school district's", () => {
    expect(titlesIn("Electrical Superintendent — Cibolo Creek Electric")).toEqual(["Construction Superintendent"]);
    expect(titlesIn("School District Superintendent")).toEqual(["School Superintendent"]);
  });
});
