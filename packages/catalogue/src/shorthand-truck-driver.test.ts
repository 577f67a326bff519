import { describe, expect, it } from "vitest";
import { Catalogue } from "@winnow/core/catalogue/catalogue";
import { loadDefaultCatalogue } from "./index.ts";

const catalogue = new Catalogue(loadDefaultCatalogue());
const skillsIn = (text: string): string[] =>
  [...new Set(catalogue.findSkills(text).map((m) => catalogue.skill(m.value)!.name))].sort();
const titlesIn = (text: string): string[] => catalogue.titleMatcher.findAll(text).map((h) => catalogue.title(h.value)!.name);

describe("truck drivers' titles and shorthand", () => {
  it("reads a carrier's company driver and a freight-type driver title as a truck driver", () => {
    expect(titlesIn("Show-Me Regional Transport, Monett, MO — company driver")).toContain("Truck Driver");
    expect(titlesIn("Company Driver, Regional Reefer, Razorback Cold Freight")).toContain("Truck Driver");
    expect(titlesIn("CDL-A Reefer Driver")).toContain("Truck Driver");
    expect(titlesIn("Dry Van Driver — Heartland Express")).toContain("Truck Driver");
  });

  it("does not read OTR (over the road) as an occupational therapist; the OT credential is still read", () => {
    expect(titlesIn("Blue Ridge Freightways, Joplin, MO — OTR company driver")).not.toContain("Occupational Therapist");
    expect(titlesIn("OTR Driver, 48 states")).toEqual(["Long-Haul Truck Driver"]);
    expect(titlesIn("Staff Therapist, OTR/L — Mercy Rehab")).toContain("Occupational Therapist");
  });

  it("reads HOS and a med card as the hours-of-service and DOT medical requirements", () => {
    expect(skillsIn("Omnitracs ELD; planned every week around the 70-hour clock; no HOS violations")).toContain("Hours of Service Compliance");
    expect(skillsIn("CDL-A · HNT · TWIC · med card to 09/2028")).toContain("DOT Medical Card");
    expect(skillsIn("Missouri CDL Class A with N endorsement. Medical card good through 2028.")).toContain("DOT Medical Card");
  });

  it("reads an owner-operator, a driver who owns the tractor, as a truck driver", () => {
    expect(titlesIn("Owner-Operator, leased to Razorback Cold Freight, Springdale, AR   Jun 2019 – Oct 2026")).toContain("Truck Driver");
    expect(titlesIn("Owner Operator (leased to Sunbelt Refrigerated Lines)")).toContain("Truck Driver");
    // Not any owner, nor any operator.
    expect(titlesIn("Owner, Clear Creek Fermentation Co.")).not.toContain("Truck Driver");
    expect(titlesIn("Forklift Operator, Acme Distribution")).not.toContain("Truck Driver");
  });

  it("reads the pre-trip, as drivers call the inspection, and the in-cab ELD units by their makers' names", () => {
    expect(skillsIn("My pre-trip is the same every morning: tires, brakes, air lines, lights, kingpin and jaws")).toContain("Pre-Trip Inspection");
    expect(skillsIn("Full pre-trip and post-trip every day; slid tandems")).toContain("Pre-Trip Inspection");
    expect(skillsIn("I run my 11 and 14 on the Omnitracs")).toContain("Electronic Logging Devices");
    expect(skillsIn("Logs on PeopleNet; KeepTruckin at my last carrier")).toEqual(["Electronic Logging Devices"]);
    // A trip, or a pre-trial, is not the inspection.
    expect(skillsIn("Planned the trip; attended the pre-trial conference")).not.toContain("Pre-Trip Inspection");
  });

  it("leaves other drivers and ordinary words alone", () => {
    expect(titlesIn("Delivery Van Driver — Amazon DSP")).not.toContain("Truck Driver");
    expect(titlesIn("School Bus Driver, Class B")).not.toContain("Truck Driver");
    expect(skillsIn("Hosted weekly team lunches; the hostess stand")).not.toContain("Hours of Service Compliance");
  });
});
