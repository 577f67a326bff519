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

  it("drops every item of a list the negation heads", () => {
    expect(kept("Experience\n- Docker (2026). Have not used cloud services, containers or Go professionally.")).not.toContain("Go");
    expect(kept("Summary\nI have not yet used Kubernetes, Docker or a managed Amazon Web Services account.")).toEqual([]);
    expect(kept("Experience\n- No Java, Docker or Kubernetes work; Python only")).toEqual(["Python"]);
  });

  it("keeps the items of a list that an 'and' or a new clause takes out of the negation", () => {
    expect(kept("Experience\n- Never missed a release date, shipped Python, Go and Docker services")).toEqual(["Docker", "Go", "Python"]);
    expect(kept("Experience\n- Not on call; Python, Go or Java services")).toEqual(["Go", "Java", "Python"]);
    // A negated fault in a list still leaves the skill.
    expect(kept("Experience\n- No outages or Kubernetes incidents in two years")).toContain("Kubernetes");
  });

  it("stays fast on a long negated list", () => {
    const long = `Experience\n- No ${"Java, Python, Go or Docker, ".repeat(3000)}`;
    const t = Date.now();
    kept(long);
    expect(Date.now() - t).toBeLessThan(3000);
  });
});

describe("a skill the writer says in their own words that they lack", () => {
  it("loses its other mentions too: the candidate's account of their level outweighs a passing mention", () => {
    const text =
      "Experience\n- Python scripts and small REST APIs; some Java for one client's reporting tool.\nNotes\nI have no production experience with Java beyond basic CRUD.";
    expect(kept(text)).not.toContain("Java");
    expect(kept("Experience\n- Maintained a Kubernetes dashboard.\nSummary\nI've never run Kubernetes in production.")).not.toContain("Kubernetes");
    expect(kept("Experience\n- Wrote Go services.\nSummary\nI have not used Docker professionally.\n- Docker for local dev")).not.toContain("Docker");
  });

  it("leaves the other mentions when the negation is not the writer's present word about themselves", () => {
    // About the team or the past: the Java written later stands.
    expect(kept("Experience\n- Joined a team with no Java services; wrote its first three Java services.")).toContain("Java");
    expect(kept("Experience\n- Started with no Kubernetes experience; now run our Kubernetes clusters.")).toContain("Kubernetes");
    // A fault the writer never had with the skill is no lack of it.
    expect(kept("Experience\n- Java services for payroll.\nSummary\nI have never shipped a Java release late.")).toContain("Java");
    // An affirmation in the first person is no disclaimer.
    expect(kept("Experience\n- I have five years of Java; no Python.")).toEqual(["Java"]);
  });

  it("stays fast on a long text of disclaimers", () => {
    const text = `Experience\n- Python services.\nNotes\n${"I have no production experience with Java. ".repeat(2300)}`.slice(0, 100_000);
    const t0 = performance.now();
    expect(kept(text)).toEqual(["Python"]);
    expect(performance.now() - t0).toBeLessThan(1500);
  });
});
