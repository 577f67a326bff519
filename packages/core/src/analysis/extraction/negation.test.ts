import { loadDefaultCatalogue } from "@winnow/catalogue";
import { describe, expect, it } from "vitest";
import { Catalogue } from "../../catalogue/catalogue.ts";
import { fixtureContext } from "../__fixtures__/catalogue.ts";
import { RESUME_SECTIONS } from "../text/headings.ts";
import { withoutNegatedSkills } from "./negation.ts";
import { scanText } from "./scan.ts";

const ctx = fixtureContext();
const kept = (text: string): string[] => {
  const scan = scanText(text, RESUME_SECTIONS, ctx.catalogue);
  return [...new Set(withoutNegatedSkills(scan).skills.map((h) => ctx.catalogue.skill(h.value)!.name))].sort();
};

const shipped = new Catalogue(loadDefaultCatalogue());
const keptShipped = (text: string): string[] => {
  const scan = scanText(text, RESUME_SECTIONS, shipped);
  return [...new Set(withoutNegatedSkills(scan).skills.map((h) => shipped.skill(h.value)!.name))].sort();
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
    expect(kept("Experience\n- Never missed a release date, shipped Python, Go or Docker services")).toEqual(["Docker", "Go", "Python"]);
    expect(kept("Experience\n- Not on call; Python, Go or Java services")).toEqual(["Go", "Java", "Python"]);
    // A negated fault in a list still leaves the skill.
    expect(kept("Experience\n- No outages or Kubernetes incidents in two years")).toContain("Kubernetes");
  });

  it("keeps the items of a list that follows the negated phrase rather than being it", () => {
    // Each list below follows the negated phrase, so the list rule takes none of its items, and the three-word rule
    // stops at the comma that ends the negated phrase ("Never late, drove forklifts").
    const cases: [string, string[]][] = [
      ["Not only Java or Python but also Kubernetes.", ["Java", "Kubernetes", "Python"]],
      ["Not a manager, but led Python, Go or Java teams", ["Go", "Java", "Python"]],
      ["Never late, drove forklifts, reach trucks or pallet jacks daily", ["Forklift Operation", "Pallet Jack Operation", "Reach Truck Operation"]],
      ["Reduced costs without layoffs, using Excel, SQL or Tableau", ["Microsoft Excel", "SQL", "Tableau"]],
      ["Handled tickets with no escalation, SQL, Excel or Tableau reporting", ["Microsoft Excel", "SQL", "Tableau"]],
      ["Shipped on time, not once late, using Jira, Confluence or Trello", ["Confluence", "Jira", "Trello"]],
      ["Never missed a release date, shipped Python, Go or Docker services", ["Docker", "Go", "Python"]],
    ];
    for (const [text, expected] of cases) expect(keptShipped(`Experience\n- ${text}`), text).toEqual(expected);
  });

  it("does not carry the three-word negation over a comma into the next item", () => {
    expect(keptShipped("Experience\n- Cut overtime 20% without layoffs, using Excel and SQL for scheduling")).toContain("Microsoft Excel");
    expect(keptShipped("Experience\n- Migrated payroll with no downtime, Python and Airflow jobs")).toEqual(["Apache Airflow", "Python"]);
    expect(keptShipped("Experience\n- 5 years with no accidents, forklift and reach truck certified")).toEqual([
      "Forklift Operation",
      "Reach Truck Operation",
    ]);
    // The negation after the comma still holds, and so does one within three words in the same item.
    expect(keptShipped("Experience\n- Java, not Python")).toEqual(["Java"]);
    expect(keptShipped("Experience\n- Python services; no production Java, only Go")).not.toContain("Java");
    expect(keptShipped("Experience\n- Migrated payroll with no Python or Airflow jobs")).toEqual([]);
  });

  it("still drops the items of a list that is the negated phrase", () => {
    expect(keptShipped("Experience\n- Have not used Tableau, Power BI or Looker professionally")).toEqual([]);
    expect(keptShipped("Experience\n- No Jira, Confluence or Trello; tracked work on paper")).toEqual([]);
    expect(keptShipped("Experience\n- Built reports without using Excel, SQL or Tableau")).toEqual([]);
    expect(keptShipped("Experience\n- Python services; I have not used Java, Go or Docker")).toEqual(["Python"]);
  });

  it("stays fast when a negation heads a long run of 'or's and no list", () => {
    const cases = [
      `Experience\n- ${`no ${"nor ".repeat(35)}(`.repeat(3000)}`.slice(0, 100_000) + " Java",
      `Experience\n- ${`${"no " + "or ".repeat(10)}`.repeat(4)}(Java) `.repeat(2500).slice(0, 100_000),
      `Experience\n- ${`no ${"a or ".repeat(27)}(Java) `.repeat(1000)}`.slice(0, 100_000),
    ];
    for (const text of cases) {
      expect(text.length).toBeGreaterThanOrEqual(99_000);
      const t0 = performance.now();
      kept(text);
      expect(performance.now() - t0).toBeLessThan(2000);
    }
  });

  it("stays fast on a long negated list", () => {
    const long = `Experience\n- No ${"Java, Python, Go or Docker, ".repeat(3000)}`;
    const t = Date.now();
    kept(long);
    expect(Date.now() - t).toBeLessThan(3000);
  });
});
