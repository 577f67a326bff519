import { buildCatalogue } from "../../catalogue/build.ts";
import { Catalogue } from "../../catalogue/catalogue.ts";
import { TitleNormalizer } from "../../catalogue/normalizer.ts";
import type { CatalogueSourceFile } from "../../catalogue/types.ts";
import type { EngineContext } from "../types.ts";

/** A small catalogue for engine tests, independent of the shipped data. */
const skills: CatalogueSourceFile = {
  skills: [
    { name: "Python", type: "Specialized Skill" },
    { name: "Go", type: "Specialized Skill", aliases: ["Golang"], case_sensitive: true },
    { name: "Java", type: "Specialized Skill" },
    { name: "JavaScript", type: "Specialized Skill", aliases: ["JS"] },
    { name: "TypeScript", type: "Specialized Skill" },
    { name: "Terraform", type: "Specialized Skill" },
    { name: "Kubernetes", type: "Specialized Skill", aliases: ["k8s"] },
    { name: "Docker", type: "Specialized Skill" },
    { name: "Helm", type: "Specialized Skill" },
    { name: "Amazon Web Services", type: "Specialized Skill", aliases: ["AWS"] },
    { name: "PostgreSQL", type: "Specialized Skill", aliases: ["Postgres"] },
    { name: "SQL", type: "Specialized Skill" },
    { name: "Django", type: "Specialized Skill" },
    { name: "GraphQL", type: "Specialized Skill" },
    { name: "React", type: "Specialized Skill", aliases: ["React.js"] },
    { name: "Git", type: "Specialized Skill" },
    { name: "Linux", type: "Specialized Skill" },
    { name: "Microsoft Excel", type: "Specialized Skill", aliases: ["Excel", "MS Excel"] },
    { name: "Bookkeeping", type: "Specialized Skill" },
    { name: "Communication", type: "Common Skill", aliases: ["communication skills"] },
    { name: "Leadership", type: "Common Skill" },
    { name: "Mentorship", type: "Common Skill", aliases: ["mentoring"] },
    { name: "AWS Certified Solutions Architect", type: "Certification" },
    { name: "Journeyman Electrician License", type: "Certification", aliases: ["Journeyman License", "Journeyperson Electrician License", "Journeyperson License"] },
    { name: "Master Electrician License", type: "Certification" },
    { name: "OSHA 10", type: "Certification" },
    { name: "OSHA 30", type: "Certification" },
    { name: "Registered Nurse License", type: "Certification", aliases: ["RN License"] },
    { name: "Driver's License", type: "Certification" },
    { name: "Electronic Health Records (EHR)", type: "Specialized Skill", aliases: ["EHR"] },
    { name: "Epic EHR", type: "Specialized Skill" },
    { name: "English", type: "Language" },
    { name: "German", type: "Language" },
  ],
};

const software: CatalogueSourceFile = {
  career_group: "Software Development",
  titles: [
    { name: "Software Engineer", aliases: ["Software Developer"], skills: ["Python", "Java", "Go", "Git", "SQL", "Docker"] },
    {
      name: "Backend Engineer",
      aliases: ["Backend Developer", "Back-End Engineer"],
      skills: ["Python", "Go", "PostgreSQL", "Docker", "Kubernetes", "Amazon Web Services", "GraphQL"],
    },
    { name: "Frontend Developer", aliases: ["Frontend Engineer"], skills: ["JavaScript", "TypeScript", "React", "GraphQL"] },
    { name: "Engineering Manager", skills: ["Leadership", "Communication", "Mentorship", "Git"] },
  ],
};

const operations: CatalogueSourceFile = {
  career_group: "IT Operations",
  titles: [
    {
      name: "DevOps Engineer",
      aliases: ["Site Reliability Engineer"],
      skills: ["Kubernetes", "Docker", "Terraform", "Helm", "Amazon Web Services", "Linux", "Go"],
    },
    { name: "Platform Engineer", skills: ["Kubernetes", "Terraform", "Helm", "Docker", "Linux"] },
  ],
};

const finance: CatalogueSourceFile = {
  career_group: "Finance",
  titles: [{ name: "Accountant", aliases: ["Staff Accountant"], skills: ["Bookkeeping", "Microsoft Excel", "Communication"] }],
};

export function fixtureContext(): EngineContext {
  const data = buildCatalogue(
    [
      { path: "skills.json", content: skills },
      { path: "software.json", content: software },
      { path: "operations.json", content: operations },
      { path: "finance.json", content: finance },
    ],
    "fixture",
  );
  const catalogue = new Catalogue(data);
  return { catalogue, normalizer: new TitleNormalizer(catalogue) };
}
