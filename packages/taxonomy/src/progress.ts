import { Presets, SingleBar } from "cli-progress";
import type { ProgressReporter } from "./reporter.ts";

export { silentProgress, type ProgressReporter, type ProgressTask } from "./reporter.ts";

const formatAmount = (n: number, unit: "bytes" | "items"): string =>
  unit === "bytes" ? `${(n / 1_048_576).toFixed(1)} MB` : n.toLocaleString("en");

/** A bar per task (cli-progress), redrawn in place: for terminals. */
export function barProgress(stream: NodeJS.WritableStream = process.stderr): ProgressReporter {
  return {
    task(label, total, unit) {
      const bar = new SingleBar(
        {
          stream,
          format: `${label.padEnd(34)} [{bar}] {percentage}% | {amount} | {duration_formatted}`,
          hideCursor: true,
          barsize: 30,
          fps: 10,
        },
        Presets.shades_classic,
      );
      bar.start(Math.max(total, 1), 0, { amount: `0 of ${formatAmount(total, unit)}` });
      return {
        update: (done) => bar.update(Math.min(done, Math.max(total, 1)), { amount: `${formatAmount(done, unit)} of ${formatAmount(total, unit)}` }),
        finish: () => {
          bar.update(Math.max(total, 1), { amount: formatAmount(total, unit) });
          bar.stop();
        },
      };
    },
    note: (line) => stream.write(`${line}\n`),
  };
}

/**
 * Plain lines for logs and pipes, where a redrawn bar would be noise: a line when a task starts, at most one every
 * `intervalMs` while it runs, and one when it ends.
 */
export function lineProgress(
  write: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
  options: { intervalMs?: number; now?: () => number } = {},
): ProgressReporter {
  const interval = options.intervalMs ?? 2000;
  const now = options.now ?? Date.now;
  return {
    task(label, total, unit) {
      const started = now();
      let last = started;
      let finished = false;
      write(`${label}: started (${formatAmount(total, unit)})`);
      return {
        update(done) {
          const t = now();
          if (finished || t - last < interval) return;
          last = t;
          const pct = total > 0 ? Math.floor((100 * Math.min(done, total)) / total) : 100;
          write(`${label}: ${pct}% (${formatAmount(done, unit)} of ${formatAmount(total, unit)})`);
        },
        finish() {
          if (finished) return;
          finished = true;
          write(`${label}: done in ${((now() - started) / 1000).toFixed(1)} s`);
        },
      };
    },
    note: write,
  };
}

/** The bar on a terminal, plain lines otherwise. */
export const terminalProgress = (stream: NodeJS.WriteStream = process.stderr): ProgressReporter =>
  stream.isTTY ? barProgress(stream) : lineProgress((l) => stream.write(`${l}\n`));
