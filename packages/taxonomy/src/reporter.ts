// Kept apart from the terminal reporters so that the sync, which runs in the API and scheduled functions, does not
// bundle cli-progress.

/** One measurable step of a long job (reading a file, writing a version). */
export interface ProgressTask {
  update(done: number): void;
  finish(): void;
}

/** Where long jobs report progress; the CLI passes a terminal reporter, services a silent one. */
export interface ProgressReporter {
  task(label: string, total: number, unit: "bytes" | "items"): ProgressTask;
  /** A line of information between tasks. */
  note(line: string): void;
}

export const silentProgress: ProgressReporter = {
  task: () => ({ update: () => {}, finish: () => {} }),
  note: () => {},
};
