import { describe, expect, it } from "vitest";
import { DEMOGRAPHICS_CSV_LIMITS, DemographicsCsvError, parseDemographicsCsv } from "./demographics-csv.ts";

const ID1 = "0192f3a4-1111-7aaa-8bbb-000000000001";
const ID2 = "0192f3a4-1111-7aaa-8bbb-000000000002";
const ID3 = "0192f3a4-1111-7aaa-8bbb-000000000003";

const failure = (text: string): DemographicsCsvError => {
  try {
    parseDemographicsCsv(text);
  } catch (err) {
    if (err instanceof DemographicsCsvError) return err;
    throw err;
  }
  throw new Error("parsed without error");
};

describe("parseDemographicsCsv", () => {
  it("reads columns in any order and case, with a BOM, CRLF line ends and quoted fields", () => {
    const text = `\uFEFFRace/Ethnicity,SEX,Match ID\r\n"Black or African American",Female,${ID1.toUpperCase()}\r\n"Hispanic, Latino",,${ID2}\r\n`;
    expect(parseDemographicsCsv(text)).toEqual({
      rows: [
        { matchId: ID1, sex: "Female", raceEthnicity: "Black or African American", line: 2 },
        { matchId: ID2, raceEthnicity: "Hispanic, Latino", line: 3 },
      ],
      rejected: [],
      ignoredColumns: [],
    });
  });

  it("ignores columns it does not need (they are never stored) and blank lines", () => {
    const parsed = parseDemographicsCsv(`email,match_id,sex,race_ethnicity\n\nx@example.com,${ID1},M,White\n`);
    expect(parsed.rows).toEqual([{ matchId: ID1, sex: "M", raceEthnicity: "White", line: 3 }]);
    expect(parsed.ignoredColumns).toEqual(["email"]);
  });

  it("rejects bad rows with the line they start on and keeps the others", () => {
    const text = [
      "match_id,sex,race_ethnicity",
      `${ID1},F,Asian`,
      `not-an-id,F,Asian`,
      `,M,White`,
      `${ID2},"Female`, // a quoted field spanning two lines (CRLF inside the quotes)
      `",White`,
      `${ID1},M,White`,
      `${ID3},M`,
      `${ID3},${"x".repeat(DEMOGRAPHICS_CSV_LIMITS.maxFieldLength + 1)},White`,
    ].join("\r\n");
    const parsed = parseDemographicsCsv(text);
    expect(parsed.rows.map((r) => [r.matchId, r.line])).toEqual([
      [ID1, 2],
      [ID2, 5],
    ]);
    expect(parsed.rejected).toEqual([
      { line: 3, reason: expect.stringMatching(/not-an-id.*not a match id/) },
      { line: 4, reason: "match_id is empty" },
      { line: 7, reason: `match_id ${ID1} already appears on line 2` },
      { line: 8, reason: "has 2 fields; the header has 3" },
      { line: 9, reason: "sex is longer than 200 characters" },
    ]);
  });

  it("requires a header naming the three columns", () => {
    expect(failure("")).toMatchObject({ problem: "header", message: expect.stringMatching(/empty.*match_id,sex,race_ethnicity/) });
    expect(failure(`match_id,sex\n${ID1},F\n`)).toMatchObject({ problem: "header", line: 1, message: expect.stringMatching(/no race_ethnicity column/) });
    expect(failure(`${ID1},F,Asian\n`)).toMatchObject({ problem: "header", message: expect.stringMatching(/no match_id column/) });
    expect(failure(`match_id,sex,Sex,race_ethnicity\n`)).toMatchObject({ problem: "header", message: expect.stringMatching(/sex twice/) });
  });

  it("fails as a whole on CSV it cannot read, naming the line", () => {
    const err = failure(`match_id,sex,race_ethnicity\n${ID1},F,Asian\n${ID2},"F,Asian\n`);
    expect(err.problem).toBe("malformed");
    expect(err.message).toMatch(/not valid CSV/);
    expect(err.line).toBeGreaterThanOrEqual(3);
  });

  it("caps the number of rows", () => {
    const body = Array.from({ length: DEMOGRAPHICS_CSV_LIMITS.maxRows + 1 }, () => `${ID1},F,Asian`).join("\n");
    expect(failure(`match_id,sex,race_ethnicity\n${body}`)).toMatchObject({ problem: "too_many_rows" });
  });
});
