import { describe, expect, it } from "vitest";
import { isKnownCity, isPlace, isRegion, splitCityBeforeRegion, splitTrailingCity } from "./cities.ts";

describe("known cities", () => {
  it("are recognised alone, in any case and spacing", () => {
    expect(isKnownCity(" berlin ")).toBe(true);
    expect(isKnownCity("New  York")).toBe(true);
    expect(isKnownCity("Riverton")).toBe(false);
    expect(isKnownCity("Berlin Brandenburg")).toBe(false);
  });

  it("are split off the end of a name they were run onto", () => {
    expect(splitTrailingCity("Danggeun Pay Inc.  Seoul")).toEqual({ name: "Danggeun Pay Inc.", city: "Seoul" });
    expect(splitTrailingCity("Acme Labs New York")).toEqual({ name: "Acme Labs", city: "New York" });
    expect(splitTrailingCity("Schlumberger Pune")).toEqual({ name: "Schlumberger", city: "Pune" });
  });

  it("leave a name that is only a city, or ends with none, alone", () => {
    expect(splitTrailingCity("London")).toBeNull();
    expect(splitTrailingCity("Bank of America")).toBeNull();
    expect(splitTrailingCity("University of London")).toBeNull();
  });
});

describe("regions after a city", () => {
  it("are states and provinces by capital code or name, and countries", () => {
    for (const region of ["CA", "TX", "ON", "Colorado", "new york", "India", "S.Korea", "U.S.A.", "UK"]) expect(isRegion(region)).toBe(true);
    for (const other of ["co", "Ca.", "Remote", "Springfield", "Engineering", "XX"]) expect(isRegion(other)).toBe(false);
  });
});

describe("a city before a region", () => {
  it("is cut off the name, a known one whole", () => {
    expect(splitCityBeforeRegion("Google Mountain View")).toEqual({ name: "Google", city: "Mountain View" });
    expect(splitCityBeforeRegion("Georgia Institute of Technology Atlanta")).toEqual({ name: "Georgia Institute of Technology", city: "Atlanta" });
  });

  it("is cut as one word when unknown, or two after a place-name opener", () => {
    expect(splitCityBeforeRegion("IBM Boulder")).toEqual({ name: "IBM", city: "Boulder" });
    expect(splitCityBeforeRegion("University of Colorado Boulder Boulder")).toEqual({ name: "University of Colorado Boulder", city: "Boulder" });
    expect(splitCityBeforeRegion("Johnson & Johnson New Brunswick")).toEqual({ name: "Johnson & Johnson", city: "New Brunswick" });
  });

  it("leaves a name ending in a kind of organisation, a linked place, a code or nothing but the city", () => {
    expect(splitCityBeforeRegion("Acme Corp")).toBeNull();
    expect(splitCityBeforeRegion("Riverside Health")).toBeNull();
    expect(splitCityBeforeRegion("Bank of Boulder")).toBeNull();
    expect(splitCityBeforeRegion("Acme IBM")).toBeNull();
    expect(splitCityBeforeRegion("Boulder")).toBeNull();
  });
});

describe("isPlace", () => {
  it("reads a city before its region, a known city or a region as a place", () => {
    expect(isPlace("San Francisco", "CA")).toBe(true);
    expect(isPlace("Tacoma", "WA")).toBe(true);
    expect(isPlace("Seattle and Tacoma", "WA")).toBe(true);
    expect(isPlace("Seattle", undefined)).toBe(true);
  });
  it("keeps names, with or without a region after them", () => {
    expect(isPlace("Northwind Logistics", "IL")).toBe(false);
    expect(isPlace("Acme Corp", "TX")).toBe(false);
    expect(isPlace("Harbor Lane Apparel", "WA")).toBe(false);
    expect(isPlace("Tacoma", undefined)).toBe(false);
  });
  it("reads the territory of a regional title as a place, not a name that starts with one", () => {
    expect(isPlace("Pacific Northwest", undefined)).toBe(true);
    expect(isPlace("Midwest Region", undefined)).toBe(true);
    expect(isPlace("Gulf Coast", "—")).toBe(true);
    expect(isPlace("Midwest Logistics", undefined)).toBe(false);
    expect(isPlace("Gulf Coast Health System", undefined)).toBe(false);
  });
});
