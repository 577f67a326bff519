import { describe, expect, it } from "vitest";
import { Catalogue } from "@winnow/core/catalogue/catalogue";
import { analyseCandidate, analyseJob, scoreMatch } from "@winnow/core/analysis/index";
import { occupationalReading } from "@winnow/core/analysis/text/occupations";
import { TitleNormalizer } from "@winnow/core/catalogue/normalizer";
import { tokenize } from "@winnow/core/text/tokens";
import { loadDefaultCatalogue } from "./index.ts";

const catalogue = new Catalogue(loadDefaultCatalogue());
const titlesIn = (text: string): string[] => catalogue.titleMatcher.findAll(text).map((h) => catalogue.title(h.value)!.name);

describe("foreman and the other job words with a gendered ending", () => {
  it("knows the neutral forms the engine reads them as (blind scoring: occupations.ts)", () => {
    for (const written of ["Foreperson", "General Foreperson", "Construction Foreperson", "Site Foreperson", "General Foreman — Acme Electric"]) {
      expect(titlesIn(written), written).toEqual(["Foreman"]);
    }
    expect(titlesIn("Maintenance Foreperson")).toEqual(["Maintenance Supervisor"]);
    expect(titlesIn("Salesperson, 2019 – 2022")).toEqual(["Sales Representative"]);
  });

  it("leaves words that only begin like them alone", () => {
    expect(titlesIn("Foremost Builders")).toEqual([]);
    expect(titlesIn("Car Salesperson")).not.toContain("Sales Representative");
    expect(titlesIn("Sales Manager")).not.toContain("Sales Representative");
  });

  it("reads every name and alias with a gendered job word, in its neutral reading, as the same entry", () => {
    // Postings are read with the neutral word ("General Foreman" → general foreperson), so each such alias needs
    // its neutral twin, or a posting would lose a title or a licence it had.
    const gendered = /\b(?:fore|chair|sales|crafts|spokes|business|journey|line|drafts|draughts|trades|repair|council)(?:wo)?m[ae]n\b/iu;
    const neutral = (phrase: string) =>
      tokenize(phrase).map((t, i, all) => {
        const next = all[i + 1];
        return { ...t, norm: occupationalReading(t.norm, next ? phrase[t.end] : undefined) ?? t.norm };
      });
    let checked = 0;
    for (const title of catalogue.titles) {
      for (const phrase of [title.name, ...title.aliases].filter((p) => gendered.test(p))) {
        // The whole phrase, not a part of it: "General Foreman" must not shrink to "Foreperson".
        const whole = catalogue.titleMatcher.findAll(phrase, neutral(phrase)).filter((h) => h.start === 0 && h.end === phrase.length);
        expect(whole.map((h) => h.value), phrase).toContain(title.id);
        checked++;
      }
    }
    for (const skill of catalogue.skills) {
      for (const phrase of [skill.name, ...skill.aliases].filter((p) => gendered.test(p))) {
        // Read as the neutral word, the phrase finds what it found as written ("Journeyman (TDLR)" is two phrases).
        const found = (hits: { start: number; end: number; value: string }[]) => hits.map((h) => `${h.start}-${h.end}:${h.value}`);
        const asWritten = found(catalogue.skillMatcher.findAll(phrase));
        expect(asWritten.length, phrase).toBeGreaterThan(0);
        expect(found(catalogue.skillMatcher.findAll(phrase, neutral(phrase))), phrase).toEqual(asWritten);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(30);
  });

  it("scores a journeywoman as a journeyman, a linewoman as a lineman, and quotes neither word", () => {
    const ctx = { catalogue, normalizer: new TitleNormalizer(catalogue) };
    const now = new Date(Date.UTC(2025, 5, 15));
    const score = (job: string, resume: string) =>
      scoreMatch(analyseJob(job, ctx), analyseCandidate(resume, ctx, now), { candidateName: "A", postedDate: now }, ctx);
    const cases = [
      {
        job: "Journeyman Electrician\nRequirements\n- Journeyman Electrician license\n- 4+ years of commercial electrical work\n- Conduit bending",
        resume: "Sam Rivera\nExperience\nJourneyman Electrician — Acme Electric\nJan 2018 – Present\n- Conduit bending on commercial jobs\nLicenses\nJourneyman Electrician License (Texas)\n",
        man: /Journeyman/gu,
        woman: "Journeywoman",
      },
      {
        job: "Journeyman Lineman\nRequirements\n- 3+ years of overhead line construction\n- Pole climbing",
        resume: "Sam Rivera\nExperience\nJourneyman Lineman — Valley Power\nJan 2019 – Present\n- Overhead line construction, pole climbing\n",
        man: /man\b/gu,
        woman: "woman",
      },
    ];
    for (const { job, resume, man, woman } of cases) {
      const asMan = score(job, resume);
      const asWoman = score(job, resume.replace(man, woman));
      expect(asMan.match_score).toBeGreaterThan(50);
      expect(asWoman.match_score).toBe(asMan.match_score);
      expect(asWoman.recommendation_insights.analysed_experience).toEqual(asMan.recommendation_insights.analysed_experience);
      expect(asWoman.recommendation_insights.analysed_skills).toEqual(asMan.recommendation_insights.analysed_skills);
      for (const s of asWoman.recommendation_insights.context_snippets.source_snippets) expect(s.snippet).not.toMatch(/woman|women/iu);
    }
  });

  it("shows a gendered catalogue name in its neutral form", () => {
    const ctx = { catalogue, normalizer: new TitleNormalizer(catalogue) };
    const positions = (title: string) =>
      analyseCandidate(`Sam Rivera\nExperience\n${title} — Acme Builders\nJan 2019 – Present\n- Ran crews\n`, ctx, new Date(Date.UTC(2025, 5, 15)))
        .experience.positions.map((p) => p.catalogueTitle);
    expect(positions("Forewoman")).toEqual(["Foreperson"]);
    expect(positions("Foreman")).toEqual(["Foreperson"]);
    expect(positions("Linewoman")).toEqual(["Lineworker"]);
  });
});
