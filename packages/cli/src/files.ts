/** What went wrong with a file, without Node's code and path: "ENOENT: no such file or directory, open 'x'" → "no such file or directory". */
export const fileProblem = (err: unknown): string => (err instanceof Error ? err.message.replace(/^[A-Z]+: /, "").replace(/, \w+ '.*'$/, "") : String(err));
