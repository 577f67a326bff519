import { describe, expect, it } from "vitest";
import { isKnownCity, splitTrailingCity } from "./cities.ts";

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
