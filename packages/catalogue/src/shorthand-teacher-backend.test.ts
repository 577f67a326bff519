import { describe, expect, it } from "vitest";
import { Catalogue } from "@winnow/core/catalogue/catalogue";
import { loadDefaultCatalogue } from "./index.ts";

const catalogue = new Catalogue(loadDefaultCatalogue());
const skillsIn = (text: string): string[] =>
  [...new Set(catalogue.findSkills(text).map((m) => catalogue.skill(m.value)!.name))].sort();

describe("classroom teachers' names for their practices", () => {
  it("reads Responsive Classroom, a named classroom-management approach, as classroom management", () => {
    // Like CHAMPS, a published approach to routines, rules and consequences that schools train their teachers in.
    expect(skillsIn("Behavior in my room is built on Responsive Classroom: morning meeting every day")).toContain("Classroom Management");
    expect(skillsIn("Responsive Classroom Core Course (2021)")).toContain("Classroom Management");
  });

  it("reads a culturally responsive classroom as culturally responsive teaching, not the Responsive Classroom approach", () => {
    const skills = skillsIn("Built a culturally responsive classroom community where every family saw itself");
    expect(skills).not.toContain("Classroom Management");
    expect(skills).toContain("Culturally Responsive Teaching");
  });

  it("reads restorative circles, the core restorative practice, as restorative practices", () => {
    expect(skillsIn("PBIS + restorative circles; class job system")).toContain("Restorative Practices");
    expect(skillsIn("Restorative circles facilitator training (2020)")).toContain("Restorative Practices");
  });

  it("does not read responsive design or a circle of any other kind as either", () => {
    expect(skillsIn("Responsive design for the district's classroom apps")).not.toContain("Classroom Management");
    expect(skillsIn("Responsive to families; classroom library of 600 books")).not.toContain("Classroom Management");
    expect(skillsIn("Sat in the leadership circle; restorative yoga on Fridays")).not.toContain("Restorative Practices");
  });
});

describe("backend engineers' plain words for their platforms", () => {
  it("reads Amazon's cloud as Amazon Web Services", () => {
    expect(skillsIn("run everything in containers on Amazon's cloud (ECS, RDS, SQS)")).toContain("Amazon Web Services");
    expect(skillsIn("moved the services to the Amazon cloud in 2022")).toContain("Amazon Web Services");
  });

  it("reads protobuf-based RPC as gRPC, the protocol-buffers RPC framework", () => {
    expect(skillsIn("internal services talk to it over protobuf RPC")).toContain("gRPC");
    expect(skillsIn("Its internal interfaces are protobuf-based RPC")).toContain("gRPC");
  });

  it("does not read the shop or the serialisation format alone as either", () => {
    expect(skillsIn("Sold refurbished laptops on Amazon and eBay")).not.toContain("Amazon Web Services");
    expect(skillsIn("Messages are serialised with protobuf and sent over Kafka")).not.toContain("gRPC");
  });
});

describe("the K–12 name of the English-learner teacher", () => {
  const titlesIn = (text: string): string[] => catalogue.titleMatcher.findAll(text).map((h) => catalogue.title(h.value)!.name);

  it("reads an ELD (English language development) teacher as the ESL teacher she is", () => {
    expect(titlesIn("ELD Teacher (K–5) — Sunfield Elementary")).toEqual(["ESL Teacher"]);
    expect(titlesIn("English Language Development Teacher, Lincoln Middle School")).toEqual(["ESL Teacher"]);
  });

  it("does not read other ELD roles or a classroom teacher as one", () => {
    expect(titlesIn("Third Grade Teacher, Lincoln Elementary")).not.toContain("ESL Teacher");
    expect(titlesIn("ELD Coordinator, district office")).not.toContain("ESL Teacher");
  });
});
