import { describe, expect, it } from "vitest";
import { coveredMonths, findDateRanges, findSingleDates, monthIndex, monthLabel, withStartMonthAbove } from "./dates.ts";

const NOW = new Date(Date.UTC(2025, 5, 15)); // June 2025
const months = (text: string) => findDateRanges(text, NOW).map((r) => [monthLabel(r.start), monthLabel(r.end - 1), r.end - r.start]);

describe("findDateRanges", () => {
  it("reads the common written forms, counting both end months", () => {
    expect(months("Jan 2019 – Mar 2019")).toEqual([["2019-01", "2019-03", 3]]);
    expect(months("January 2019 - December 2020")).toEqual([["2019-01", "2020-12", 24]]);
    expect(months("Sept. 2018 to Feb. 2019")).toEqual([["2018-09", "2019-02", 6]]);
    expect(months("03/2017 - 12/2018")).toEqual([["2017-03", "2018-12", 22]]);
    expect(months("2019-04 to 2021-01")).toEqual([["2019-04", "2021-01", 22]]);
    expect(months("Mar '19 — Jun '20")).toEqual([["2019-03", "2020-06", 16]]);
  });

  it("reads a season as its middle month, and a season alone as no date", () => {
    expect(months("Fall 2019 – Spring 2021")).toEqual([["2019-10", "2021-04", 19]]);
    expect(months("Spring 2021 – present")).toEqual([["2021-04", "2025-06", 51]]);
    expect(months("Summer 2018 - Autumn 2018")).toEqual([["2018-07", "2018-10", 4]]);
    expect(months("Spring cleaning of the 2019 - 2020 archive")).toEqual([["2019-07", "2020-06", 12]]);
    expect(months("Fall prevention program; summer camp")).toEqual([]);
  });

  it("resolves Present, Current and Since against now, never the clock", () => {
    expect(months("Jan 2024 – Present")).toEqual([["2024-01", "2025-06", 18]]);
    expect(months("Oct. 2021 – Current")).toEqual([["2021-10", "2025-06", 45]]);
    expect(months("Since 2025-01")).toEqual([["2025-01", "2025-06", 6]]);
    const later = findDateRanges("Jan 2024 – Present", new Date(Date.UTC(2026, 0, 1)));
    expect(later[0]!.end - later[0]!.start).toBe(25);
  });

  it("reads a range running 'to the present' or to 'present day' as open", () => {
    expect(months("April 2021 to the present")).toEqual([["2021-04", "2025-06", 51]]);
    expect(months("2019 – present day")).toEqual([["2019-07", "2025-06", 72]]);
    // "the" alone ends nothing: "2019 to the" is no range.
    expect(months("Team lead 2019 to the end of the project")).toEqual([]);
    expect(months("Staff nurse, 2019 to the present.")).toEqual([["2019-07", "2025-06", 72]]);
    expect(months("Staff nurse (2019 to the present)\nICU")).toEqual([["2019-07", "2025-06", 72]]);
    // "The present" followed by a word is an adjective: "the present administration" is no open end.
    expect(months("- Compared turnout from 2008 to the present administration's first midterm")).toEqual([]);
    expect(months("Tracked prices from 2015 to the present quarter")).toEqual([]);
    expect(months("Served on the board from 2012 to the present board's term")).toEqual([]);
    // A clause going on after "the present", or "the present time", still ends the range there.
    expect(months("Charge Nurse, Mercy Hospital, June 2018 to the present at the Dallas campus")).toEqual([["2018-06", "2025-06", 85]]);
    expect(months("Charge Nurse, Mercy Hospital, June 2018 to the present time")).toEqual([["2018-06", "2025-06", 85]]);
    expect(months("Charge Nurse, June 2018 to the present day")).toEqual([["2018-06", "2025-06", 85]]);
  });

  it("reads a bare year as mid-year, so 2015 – 2019 is four years", () => {
    expect(months("2015 – 2019")).toEqual([["2015-07", "2019-06", 48]]);
    expect(months("2019 - 2019")).toEqual([["2019-07", "2019-12", 6]]);
  });

  it("ignores ranges starting in the future, cuts future ends at now, and rejects reversed ranges", () => {
    expect(months("Jan 2026 – Dec 2027")).toEqual([]);
    expect(months("Jan 2025 – Dec 2027")).toEqual([["2025-01", "2025-06", 6]]);
    expect(months("2021 – 2018")).toEqual([]);
  });

  it("does not read phone numbers, versions or single years as ranges", () => {
    expect(months("Call 555-1234 or 030-2019")).toEqual([]);
    expect(months("Python 3.10 - 3.12, founded in 2019")).toEqual([]);
  });

  it("reads month/two-digit-year ranges, including ones running to now", () => {
    expect(months("Acme Labs (Austin) 07/16 - Now")).toEqual([["2016-07", "2025-06", 108]]);
    expect(months("Corner Store 5/09 – 11/12")).toEqual([["2009-05", "2012-11", 43]]);
    expect(months("09/98 to 02/01")).toEqual([["1998-09", "2001-02", 30]]);
  });

  it("reads month/two-digit-year only as a range, never inside a full day/month/year date or a score", () => {
    expect(months("Rated 4/10 by peers, 06/15 onwards")).toEqual([]);
    expect(months("Signed 12/06/15 - 03/01/18")).toEqual([]);
    expect(months("Top 5/20 - 3/40 finishers")).toEqual([]);
  });

  it("reads an end marked as expected as the end of the range", () => {
    expect(months("Research Assistant Mar. 2016 - Exp. Jun. 2017")).toEqual([["2016-03", "2017-06", 16]]);
    expect(months("Graduate studies Sep 2023 – expected May 2025")).toEqual([["2023-09", "2025-05", 21]]);
  });

  it("reads a year ended by the last two digits of a later one ('2012–13', \"2012 – '14\")", () => {
    expect(months("Server, Olive Garden, 2012–13")).toEqual([["2012-07", "2013-06", 12]]);
    expect(months("Server, Olive Garden, 2012 – '14")).toEqual([["2012-07", "2014-06", 24]]);
    expect(months("Teacher 1998–02 Lincoln School")).toEqual([["1998-07", "2002-06", 48]]);
    expect(months("2012–13 Server, Olive Garden")).toEqual([["2012-07", "2013-06", 12]]);
    expect(months("the 2020-21 school year")).toEqual([["2020-07", "2021-06", 12]]);
  });

  it("reads no year and a count after it, an earlier or far end, or a year-month as such a range", () => {
    expect(months("Grew the team in 2019 - 20 people by year end")).toEqual([]);
    expect(months("Served 2019 - 12 as treasurer")).toEqual([]);
    expect(months("Closed 2019 - 45 accounts")).toEqual([]);
    expect(months("Released 2019-12")).toEqual([]);
    expect(months("2011-12")).toEqual([]);
    expect(months("FY2019-20 budget")).toEqual([]);
  });

  it("reads no short range that a bullet or a sentence works on: model years, a season, a fiscal year", () => {
    expect(months("- Diagnosed 2015-18 F-150 transmissions")).toEqual([]);
    expect(months("Rebuilt engines on 2011-14 Silverado trucks")).toEqual([]);
    expect(months("Coached the 2017-18 robotics team to state")).toEqual([]);
    expect(months("FY 2019-20 audit lead")).toEqual([]);
    expect(months("• Hauled loads for model years 2016-19 recalls")).toEqual([]);
    // An entry line, a school year and a short range set off by a mark are still read.
    expect(months("Teacher 1998–02 Lincoln School")).toEqual([["1998-07", "2002-06", 48]]);
    expect(months("- Taught 5th grade, the 2020-21 school year")).toEqual([["2020-07", "2021-06", 12]]);
    expect(months("- Substitute Teacher, Lincoln Elementary, 2012–13")).toEqual([["2012-07", "2013-06", 12]]);
  });

  it("reads a start and a dash closing the line as a range still running", () => {
    expect(months("Dental Hygienist, Bright Smiles Dental, 12/2019–")).toEqual([["2019-12", "2025-06", 67]]);
    expect(months("Nurse (Mar 2021 - )")).toEqual([["2021-03", "2025-06", 52]]);
    expect(months("2018 –\nNurse")).toEqual([["2018-07", "2025-06", 84]]);
    // A range cut by a line break is read whole, a dash in the middle of a line is no open end.
    expect(months("Jan 2024 –\nDec 2024")).toEqual([["2024-01", "2024-12", 12]]);
    expect(months("Revenue 2019 - growth of 12%")).toEqual([]);
  });

  it("reports offsets of the range in the searched text", () => {
    const text = "Engineer, Acme (Jan 2020 – Feb 2021)";
    const [r] = findDateRanges(text, NOW, 100);
    expect(text.slice(r!.from - 100, r!.to - 100)).toBe("Jan 2020 – Feb 2021");
  });
});

describe("findSingleDates", () => {
  const single = (text: string) => findSingleDates(text, NOW).map((r) => [monthLabel(r.start), monthLabel(r.end - 1), r.current]);

  it("reads a month as itself and a season as its three months", () => {
    expect(single("Lifeguard, City Pool, Summer 2019")).toEqual([["2019-06", "2019-08", false]]);
    expect(single("Research Assistant, MIT, Fall '18")).toEqual([["2018-09", "2018-11", false]]);
    expect(single("Winter 2020")).toEqual([["2019-12", "2020-02", false]]);
    expect(single("Pharmacist (locum), Nov 2024")).toEqual([["2024-11", "2024-11", false]]);
    expect(single("06/2021")).toEqual([["2021-06", "2021-06", false]]);
  });

  it("reads no bare year, no season without a year and no date to come", () => {
    expect(single("Employee of the year 2019")).toEqual([]);
    expect(single("Summer camp counsellor")).toEqual([]);
    expect(single("Starting Dec 2025")).toEqual([]);
  });
});

describe("coveredMonths", () => {
  it("counts overlapping and nested intervals once", () => {
    const idx = (y: number, m: number) => monthIndex(new Date(Date.UTC(y, m - 1, 1)));
    const jobs = [
      { start: idx(2016, 3), end: idx(2021, 1) }, // Mar 2016 – Dec 2020
      { start: idx(2019, 6), end: idx(2020, 1) }, // Jun – Dec 2019, inside the first
      { start: idx(2020, 6), end: idx(2022, 1) }, // overlaps the first by 7 months
      { start: idx(2023, 1), end: idx(2023, 4) }, // separate, 3 months
    ];
    expect(coveredMonths(jobs)).toBe(70 + 3);
    expect(coveredMonths([])).toBe(0);
  });
});

describe("withStartMonthAbove", () => {
  const read = (above: string, line: string) => {
    const [range] = findDateRanges(line, NOW, 100);
    const r = withStartMonthAbove(range!, line, 100, above);
    return [monthLabel(r.start), monthLabel(r.end - 1)];
  };

  it("takes the start month a wrapped line left at the end of the line above", () => {
    expect(read("Company Driver, Regional Reefer, Razorback Cold Freight, Springdale, AR Mar", "2016 – May 2019")).toEqual(["2016-03", "2019-05"]);
    expect(read("OTR Company Driver, Dry Van, Great Southern Carriers, Fort Smith, AR Jan", "2014 – Feb 2016")).toEqual(["2014-01", "2016-02"]);
    expect(read("Staff Accountant, Lumenfield Software, Sept.", "2019 - Present")).toEqual(["2019-09", "2025-06"]);
  });

  it("leaves a bare year alone when the line above ends with no month, a lower-case word or a whole date", () => {
    expect(read("Warehouse Associate, Acme Foods, Dallas, TX", "2016 – May 2019")).toEqual(["2016-07", "2019-05"]);
    expect(read("Answered questions from customers who may", "2016 – 2019 at the front desk")).toEqual(["2016-07", "2019-06"]);
    expect(read("Promoted in Mar 2015", "2016 – May 2019")).toEqual(["2016-07", "2019-05"]);
    expect(read("Driver, Acme, Mar", "Led a team; 2016 – May 2019")).toEqual(["2016-07", "2019-05"]);
    expect(read("Driver, Acme, Mar", "2016-07 – May 2019")).toEqual(["2016-07", "2019-05"]);
    // The last bullet of the entry above ends with a month of its own: an event, not this entry's start.
    expect(read("- Promoted to shift lead in March", "2016 – May 2019")).toEqual(["2016-07", "2019-05"]);
    expect(read("Trained new hires and was promoted in March", "2016 – May 2019")).toEqual(["2016-07", "2019-05"]);
    expect(read("Covered the overnight dock shift from June through September.", "2016 – May 2019")).toEqual(["2016-07", "2019-05"]);
    expect(read("• Named Employee of the Month, May", "2016 – 2019")).toEqual(["2016-07", "2019-06"]);
  });
});
