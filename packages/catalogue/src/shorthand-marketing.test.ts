import { describe, expect, it } from "vitest";
import { Catalogue } from "@winnow/core/catalogue/catalogue";
import { loadDefaultCatalogue } from "./index.ts";

const catalogue = new Catalogue(loadDefaultCatalogue());
const skillsIn = (text: string): string[] =>
  [...new Set(catalogue.findSkills(text).map((m) => catalogue.skill(m.value)!.name))].sort();

describe("sales and digital marketing shorthand", () => {
  it("reads organic search, the channel SEO works, as search engine optimization", () => {
    expect(skillsIn("I also own organic search: rebuilt the content hub and fixed crawl issues")).toContain("Search Engine Optimization");
    expect(skillsIn("Organic search: wrote the roadmap after our move to Shopify Plus")).toContain("Search Engine Optimization");
  });

  it("does not read other organic things, or search on its own, as SEO", () => {
    expect(skillsIn("Organic chemistry lab; searched suppliers of organic produce")).not.toContain("Search Engine Optimization");
    expect(skillsIn("Grew organic social followers 40%; ran executive search for the CFO role")).not.toContain("Search Engine Optimization");
  });

  it("reads cold calling as the work, not cold calls someone else made", () => {
    expect(skillsIn("Cold calling and LinkedIn outreach to controllers")).toContain("Cold Calling");
    expect(skillsIn("Cold-calling 60 prospects a day")).toContain("Cold Calling");
    // A seller's own pipeline source, written singular: "self-sourced (cold call, LinkedIn, sequences)".
    expect(skillsIn("~55% self-sourced (cold call, LinkedIn, Outreach sequences)")).toContain("Cold Calling");
    // The plural is how sellers write their own calls; the ones a front desk takes are told apart by the engine's
    // sense rule (analysis/extraction/senses.ts, isReceivedCall), not here.
    expect(skillsIn("I open most deals myself through cold calls to controllers")).toContain("Cold Calling");
    expect(skillsIn("Made 80+ cold calls per day")).toContain("Cold Calling");
    expect(skillsIn("Led cold calls to 50 prospects daily")).toContain("Cold Calling");
  });

  it("does not read calls that are not cold as cold calling", () => {
    expect(skillsIn("Made 60 outbound calls a day for renewals; took inbound calls")).not.toContain("Cold Calling");
  });
});
