import { loadDefaultCatalogue } from "@winnow/catalogue";
import { describe, expect, it } from "vitest";
import { Catalogue } from "../../catalogue/catalogue.ts";
import { TitleNormalizer } from "../../catalogue/normalizer.ts";
import { analyseCandidate } from "../engine/candidate.ts";
import { analyseJob } from "../engine/job.ts";
import type { EngineContext } from "../types.ts";
import { scoreAttributes } from "./blocks.ts";

const catalogue = new Catalogue(loadDefaultCatalogue());
const ctx: EngineContext = { catalogue, normalizer: new TitleNormalizer(catalogue) };
const NOW = new Date(Date.UTC(2025, 5, 15));

const POSTING = analyseJob(
  ["ICU Registered Nurse", "", "Requirements", "- 2+ years of experience as a registered nurse", "- BLS and ACLS"].join("\n"),
  ctx,
);
const yearsOf = (resume: string) =>
  scoreAttributes(POSTING, analyseCandidate(resume, ctx, NOW)).experience.find((a) => a.kind === "years")!;

// A new nurse: a residency inside the staff post (its months once), a student nurse externship before it.
const NEW_NURSE = [
  "Experience",
  "",
  "Staff Nurse, Surgical ICU",
  "Brandywine Medical Center, Wilmington, DE",
  "July 2024 – Present",
  "- Care for ventilated, critically ill adults; titrate vasoactive infusions.",
  "",
  "Critical Care Nurse Resident",
  "Brandywine Medical Center",
  "July 2024 – December 2024 (part of the above role)",
  "- 24-week residency with a preceptor on the SICU.",
  "",
  "Student Nurse Extern, Medical ICU",
  "Brandywine Medical Center",
  "June 2023 – August 2023",
  "- Vital signs and patient care with an RN preceptor.",
].join("\n");

describe("professional years of the posting's role", () => {
  it("counts overlapping positions' months once and a student nurse externship not at all, and says so", () => {
    const years = yearsOf(NEW_NURSE);
    // July 2024 – June 2025: 12 months of 24 asked.
    expect(years.credit).toBeCloseTo(12 / 24, 6);
    expect(years.note).toMatch(/internships and student work left out/u);
    expect(years.note).not.toMatch(/as the posting asks/u);
  });

  it("still counts a professional post whose title names students (negative)", () => {
    const school = NEW_NURSE.replace("Student Nurse Extern, Medical ICU", "Registered Nurse, Student Health Center").replace(
      "June 2023 – August 2023",
      "July 2022 – June 2024",
    );
    const years = yearsOf(school);
    expect(years.credit).toBe(1);
    expect(years.note).not.toMatch(/student work/u);
  });

  it("counts student work where the posting's role is itself a student role or it says internships count, not elsewhere", () => {
    const resume = [
      "Experience",
      "",
      "Software Engineering Intern",
      "Northwind Labs, Seattle, WA",
      "June 2023 – August 2024",
      "- Built Python services and tests",
    ].join("\n");
    const student = analyseJob(["Software Engineering Intern", "", "Requirements", "- 1+ year of software engineering experience", "- Python"].join("\n"), ctx);
    const staff = analyseJob(["Software Engineer", "", "Requirements", "- 1+ year of software engineering experience", "- Python"].join("\n"), ctx);
    const years = (job: typeof student) => scoreAttributes(job, analyseCandidate(resume, ctx, NOW)).experience.find((a) => a.kind === "years")!;
    // 15 months of internship at the trainee share for an intern posting; none as professional years for a staff one.
    expect(years(student).credit).toBeGreaterThan(0);
    expect(years(student).note).not.toMatch(/student work/u);
    expect(years(staff).credit).toBe(0);
    expect(years(staff).note).toMatch(/internships and student work left out/u);
    // A staff posting that says internships count counts them too.
    const counting = analyseJob(["Software Engineer", "", "Requirements", "- 1+ year of software engineering experience (internships count)", "- Python"].join("\n"), ctx);
    expect(years(counting).credit).toBeCloseTo(years(student).credit, 6);
  });
});
