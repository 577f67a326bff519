import { loadDefaultCatalogue } from "@winnow/catalogue";
import { describe, expect, it } from "vitest";
import { Catalogue } from "../../catalogue/catalogue.ts";
import { JOB_SECTIONS } from "../text/headings.ts";
import { scanText } from "./scan.ts";
import { extractJobSkills } from "./skills.ts";

const catalogue = new Catalogue(loadDefaultCatalogue());
const requirements = (text: string): string[] =>
  extractJobSkills(scanText(text, JOB_SECTIONS, catalogue), catalogue, null).map((s) =>
    [s.name, ...s.alternatives.map((a) => a.name)].join(" | ") + ` (${s.strength})`,
  );

describe("a kind of a skill the posting names in brackets after it", () => {
  it("is the posting's own instance of the skill, not a second requirement", () => {
    const text = "Nice to have\n- Kubernetes (we run EKS) and Terraform\n- Event streaming with Kafka";
    expect(requirements(text)).toEqual(["Kubernetes (nice)", "Terraform (nice)", "Apache Kafka (nice)"]);
    // …and the skill it stands under still accepts it, as a kind of it.
    const [kubernetes] = extractJobSkills(scanText(text, JOB_SECTIONS, catalogue), catalogue, null);
    expect(kubernetes!.kinds?.map((id) => catalogue.skill(id)!.name)).toContain("Amazon EKS");
  });

  it("stays a requirement when named on its own, or in brackets after a skill it is not a kind of", () => {
    expect(requirements("Nice to have\n- Kubernetes and EKS")).toEqual(["Kubernetes (nice)", "Amazon EKS (nice)"]);
    expect(requirements("Nice to have\n- Terraform (we deploy to EKS)")).toEqual(["Terraform (nice)", "Amazon EKS (nice)"]);
    // A must-have kind in brackets after a nice-to-have skill is still asked for firmly.
    expect(requirements("Requirements\n- EKS experience is required\nNice to have\n- Kubernetes (EKS)")).toContain("Amazon EKS (must)");
  });

  it("stays fast on a long line of bracketed kinds", () => {
    const text = `Nice to have\n- ${"Kubernetes (we run EKS), ".repeat(4000)}`.slice(0, 100_000);
    const t0 = performance.now();
    expect(requirements(text)).toEqual(["Kubernetes (nice)"]);
    expect(performance.now() - t0).toBeLessThan(1500);
  });
});

describe("a bracket after a skill that asks for a kind of it", () => {
  it("keeps the kind as a requirement when the bracket asks for it, lists it, or names a higher rung of a ladder", () => {
    expect(requirements("Requirements\n- Kubernetes (EKS experience required)")).toContain("Amazon EKS (must)");
    expect(requirements("Requirements\n- Employee relations (must have led workplace investigations)")).toContain("Workplace Investigations (must)");
    expect(requirements("Requirements\n- OSHA 10 (OSHA 30 preferred)")).toContain("OSHA 30 (nice)");
    const excel = requirements("Requirements\n- Advanced Excel (pivot tables, VLOOKUP, macros)");
    expect(excel.some((r) => r.startsWith("Pivot Tables"))).toBe(true);
    expect(excel.some((r) => r.startsWith("VLOOKUP"))).toBe(true);
    // A higher rung of a credential ladder named as the posting's own is still asked for.
    expect(requirements("Requirements\n- OSHA 10 (our sites use OSHA 30)").some((r) => r.startsWith("OSHA 30"))).toBe(true);
  });

  it("still drops a kind the bracket names as the posting's own", () => {
    expect(requirements("Requirements\n- Kubernetes (we run EKS) and Terraform")).toEqual(["Kubernetes (must)", "Terraform (must)"]);
    expect(requirements("Requirements\n- Kubernetes (all of our services are on EKS)")).toEqual(["Kubernetes (must)"]);
  });

  it("stays fast on a long line of open brackets", () => {
    const text = `Requirements\n- ${"Kubernetes (we run EKS ".repeat(5000)}`.slice(0, 100_000);
    const t0 = performance.now();
    requirements(text);
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});
