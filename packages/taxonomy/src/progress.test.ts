import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { barProgress, lineProgress, terminalProgress } from "./progress.ts";

const sink = () => {
  let text = "";
  const stream = new Writable({
    write(chunk, _enc, done) {
      text += String(chunk);
      done();
    },
  });
  return { stream, text: () => text };
};

describe("lineProgress", () => {
  it("prints a start line, at most one line per interval, and an end line", () => {
    const lines: string[] = [];
    let now = 0;
    const p = lineProgress((l) => lines.push(l), { intervalMs: 1000, now: () => now });
    const task = p.task("reading skills_en.csv", 10 * 1_048_576, "bytes");
    now = 500;
    task.update(1_048_576); // within the interval: quiet
    now = 1200;
    task.update(5 * 1_048_576);
    now = 1300;
    task.update(6 * 1_048_576); // quiet again
    now = 2500;
    task.finish();
    task.finish(); // idempotent
    task.update(10 * 1_048_576); // after the end: quiet
    expect(lines).toEqual([
      "reading skills_en.csv: started (10.0 MB)",
      "reading skills_en.csv: 50% (5.0 MB of 10.0 MB)",
      "reading skills_en.csv: done in 2.5 s",
    ]);
  });

  it("counts items with thousands separators", () => {
    const lines: string[] = [];
    let now = 0;
    const task = lineProgress((l) => lines.push(l), { intervalMs: 10, now: () => now }).task("writing", 16903, "items");
    now = 20;
    task.update(8000);
    expect(lines).toEqual(["writing: started (16,903)", "writing: 47% (8,000 of 16,903)"]);
  });
});

describe("barProgress", () => {
  it("draws a bar with the label and ends at 100%", () => {
    const out = sink();
    const tty = Object.assign(out.stream, { isTTY: true, columns: 120 });
    const task = barProgress(tty).task("reading occupations_en.csv", 2_097_152, "bytes");
    task.update(1_048_576);
    task.finish();
    expect(out.text()).toContain("reading occupations_en.csv");
    expect(out.text()).toMatch(/100% \| 2\.0 MB/);
  });
});

describe("terminalProgress", () => {
  it("prints plain lines when the stream is not a terminal", () => {
    const out = sink();
    const stream = Object.assign(out.stream, { isTTY: false }) as unknown as NodeJS.WriteStream;
    const task = terminalProgress(stream).task("x", 1, "items");
    task.finish();
    expect(out.text()).toMatch(/^x: started \(1\)\nx: done in \d+\.\d s\n$/);
  });
});
