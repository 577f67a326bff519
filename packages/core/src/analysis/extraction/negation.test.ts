import { describe, expect, it } from "vitest";
import { fixtureContext } from "../__fixtures__/catalogue.ts";
import { RESUME_SECTIONS } from "../text/headings.ts";
import { withoutNegatedSkills } from "./negation.ts";
import { scanText } from "./scan.ts";

const ctx = fixtureContext();
const kept = (text: string): string[] => {
  const scan = scanText(text, RESUME_SECTIONS, ctx.catalogue);
  return [...new Set(withoutNegatedSkills(scan).skills.map((h) => ctx.catalogue.skill(h.value)!.name))].sort();
};

describe("negated skill mentions", () => {
  it("drops a skill the candidate says they lack", () => {
    expect(kept("Experience\n- Python services; no experience with Java. Never used Kubernetes")).toEqual(["Python"]);
    expect(kept("Experience\n- Built APIs without Java")).not.toContain("Java");
  });

  it("keeps a skill whose fault is what is negated", () => {
    expect(kept("Experience\n- Python services with no Java errors in production")).toContain("Java");
    expect(kept("Experience\n- Five years of Kubernetes and no Kubernetes incidents caused by my changes")).toContain("Kubernetes");
    expect(kept("Experience\n- Zero downtime, never a Python deployment error")).toContain("Python");
  });

  it("still drops the skill when the fault noun is not about it", () => {
    expect(kept("Experience\n- Python services; no Java, errors handled in Python")).not.toContain("Java");
    expect(kept("Experience\n- Python only, no Java; incidents were rare")).not.toContain("Java");
  });

  it("still drops the skill when the fault noun starts a compound naming work the candidate lacks", () => {
    expect(kept("Experience\n- Python services; no Kubernetes incident management experience yet")).not.toContain("Kubernetes");
    expect(kept("Experience\n- Python services; no Java error handling experience")).not.toContain("Java");
    expect(kept("Experience\n- Python services; no experience in Kubernetes incident response")).not.toContain("Kubernetes");
    // …while the fault itself, followed by where or when it did not happen, still lifts the negation.
    expect(kept("Experience\n- Python services with no Java errors in production since 2021")).toContain("Java");
  });
});
