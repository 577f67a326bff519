import { loadDefaultCatalogue } from "@winnow/catalogue";
import { describe, expect, it } from "vitest";
import { Catalogue } from "../../catalogue/catalogue.ts";
import { TitleNormalizer } from "../../catalogue/normalizer.ts";
import { analyseCandidate } from "../engine/candidate.ts";

const catalogue = new Catalogue(loadDefaultCatalogue());
const ctx = { catalogue, normalizer: new TitleNormalizer(catalogue) };
const NOW = new Date(Date.UTC(2026, 10, 21));
const skills = (text: string) => analyseCandidate(`Pat Lee\n${text}`, ctx, NOW).skills.map((s) => s.name);

describe("veterinary skills are read from veterinary words only", () => {
  it("does not read a human clinician's anaesthesia monitoring or soft-tissue surgery as veterinary", () => {
    const nurse = skills("Experience\nPACU Registered Nurse — Mercy Hospital — 2019 – Present\n- Anesthesia monitoring and airway management for 12 post-op patients a shift.");
    expect(nurse).not.toContain("Veterinary Anesthesia");
    const surgeon = skills("Experience\nGeneral Surgeon — St. Luke's — 2015 – Present\n- Soft tissue surgery, hernia repair and laparoscopic cholecystectomy.");
    expect(surgeon).not.toContain("Veterinary Surgery");
  });

  it("still reads them written as a veterinarian writes them", () => {
    const vet = skills("Experience\nAssociate Veterinarian — Oak Animal Hospital — 2019 – Present\n- Veterinary anesthesia, spay and neuter surgery, dental prophylaxis.");
    expect(vet).toContain("Veterinary Anesthesia");
    expect(vet).toContain("Veterinary Surgery");
  });
});
