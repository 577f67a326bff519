import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fixtureContext } from "../__fixtures__/catalogue.ts";
import { analyseJob } from "./job.ts";

const ctx = fixtureContext();
const posting = (name: string) => analyseJob(readFileSync(new URL(`../__fixtures__/postings/${name}.txt`, import.meta.url), "utf8"), ctx);

// A recruiter's reading of the review postings: where the job is, the years asked for and how firmly, the degree.
describe("review postings: what a recruiter reads", () => {
  it.each([
    ["01-frontend-engineer-markdown", "EU (Remote)", { years: 5, strength: "must" }, []],
    ["04-accountant-caps", "Chicago, IL (Hybrid)", { years: 4, strength: "must" }, [{ level: "bachelor", strength: "must" }]],
    ["06-customer-support-bonus", "Remote", { years: 2, strength: "must" }, []],
    ["07-warehouse-associate", "Reno, NV", { years: 1, strength: "nice" }, [{ level: "secondary", strength: "must" }]],
    ["08-product-manager-prose", "London (Hybrid)", { years: 3, strength: "must" }, [{ level: "bachelor", strength: "must" }]],
    ["11-sales-rep-words", "Columbus, OH and surrounding area", { years: 5, strength: "must" }, [{ level: "bachelor", strength: "nice" }]],
    ["13-financial-analyst-minimum", "Charlotte, NC", { years: 2, strength: "must" }, [{ level: "bachelor", strength: "must" }, { level: "master", strength: "nice" }]],
    ["14-line-cook", "Portland, OR", { years: 1, strength: "must" }, []],
    ["15-ml-engineer-phd", "San Francisco, CA (Remote)", { years: 4, strength: "must" }, [{ level: "bachelor", strength: "must" }, { level: "master", strength: "nice" }]],
  ])("%s", (name, location, experience, degrees) => {
    const job = posting(name);
    expect(job.location).toBe(location);
    expect(job.experience).toEqual(experience);
    expect(job.education.degrees).toEqual(degrees);
  });

  it("keeps a field named only with a preferred master's a nice-to-have (09)", () => {
    expect(posting("09-teacher-district").education.fields).toMatchObject({ strength: "nice", fields: [{ name: "Education" }] });
  });

  it("reads a comparable field as a related one and a German location label (03)", () => {
    const job = posting("03-data-engineer-german");
    expect(job.education).toMatchObject({ fields: { relatedAccepted: true }, equivalentExperience: true });
    expect(job.location).toMatch(/^Hamburg, Germany/u);
  });

  it("reads no trait from the school district's name (09)", () => {
    expect(posting("09-teacher-district").traits).toEqual([]);
  });
});

describe("traits that are also skills", () => {
  const read = (text: string) => {
    const job = analyseJob(text, ctx);
    return { skills: job.skills.map((s) => s.name), traits: job.traits.map((t) => t.name) };
  };

  it("reads words the catalogue names as a skill once, as the skill", () => {
    // "communication skills" is the skill Communication and a phrasing of the trait "Strong communicator".
    expect(read("Requirements:\n- Python\n- Strong communication skills")).toEqual({ skills: ["Python", "Communication"], traits: [] });
  });

  it("keeps the trait where it is also written in words that are no skill", () => {
    expect(read("Requirements:\n- Python\n- Excellent communicator")).toEqual({ skills: ["Python"], traits: ["Strong communicator"] });
    expect(read("Requirements:\n- Python\n- Communication skills\n- An excellent communicator with customers")).toEqual({
      skills: ["Python", "Communication"],
      traits: ["Strong communicator"],
    });
  });
});
