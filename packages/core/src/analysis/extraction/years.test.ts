import { describe, expect, it } from "vitest";
import { fixtureContext } from "../__fixtures__/catalogue.ts";
import { JOB_SECTIONS } from "../text/headings.ts";
import { scanText } from "./scan.ts";
import { extractJobYears } from "./years.ts";

const ctx = fixtureContext();
const years = (text: string) => extractJobYears(scanText(text, JOB_SECTIONS, ctx.catalogue));

describe("a years requirement that leaves internships out", () => {
  it("is marked when the posting says internships or co-ops do not count", () => {
    expect(years("You have\n- 2+ years of work experience in a data role (internships don't count towards this, but we will")).toEqual({
      years: 2,
      strength: "must",
      excludesTraining: true,
    });
    expect(years("Requirements\n- 3+ years of engineering experience, excluding internships")?.excludesTraining).toBe(true);
    expect(years("Requirements\n- 3+ years of experience; co-op terms do not count")?.excludesTraining).toBe(true);
  });

  it("is not marked when internships are welcome or merely mentioned", () => {
    expect(years("Requirements\n- 2+ years of experience (internships count too)")).toEqual({ years: 2, strength: "must" });
    expect(years("Requirements\n- 2+ years of experience\n- You will mentor our interns, who do not count hours")).toEqual({
      years: 2,
      strength: "must",
    });
  });
});
