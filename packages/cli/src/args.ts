import { parseArgs, type ParseArgsOptionsConfig } from "node:util";
import { HttpUrl } from "@winnow/api/input-rules";

/**
 * A command line the CLI cannot act on (unknown command or flag, missing or malformed argument). main exits 2 for it
 * and shows the usage of `command`, so scripts can tell a wrong invocation from an operation that failed (exit 1).
 */
export class UsageError extends Error {
  /** The command words whose usage to show, e.g. "keys create"; undefined for the whole usage. */
  readonly command: string | undefined;

  constructor(message: string, command?: string) {
    super(message);
    this.name = "UsageError";
    this.command = command;
  }
}

/** node:util's messages name the option but talk about parser internals; operators get one short line instead. */
function usageMessage(err: Error & { code?: string }): string | undefined {
  const option = /'(-[^' ]*)/.exec(err.message)?.[1] ?? "";
  if (err.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") return `unknown option ${option}`;
  if (err.code !== "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") return undefined;
  if (/does not take an argument/.test(err.message)) return `${option} takes no value`;
  if (/ambiguous/.test(err.message)) return `${option} needs a value (write ${option}=VALUE for one that starts with "-")`;
  return `${option} needs a value`;
}

/** parseArgs in strict mode, with its errors turned into UsageErrors for `command`. */
export function parseCommandLine<const O extends ParseArgsOptionsConfig>(args: string[], options: O, command?: string) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true, tokens: true });
  } catch (err) {
    const message = err instanceof Error ? usageMessage(err) : undefined;
    if (message) throw new UsageError(message, command);
    throw err;
  }
  // parseArgs keeps the last of a repeated flag: `candidates erase --email a --email b` would erase b alone.
  const seen = new Set<string>();
  for (const token of parsed.tokens) {
    const option = token.kind === "option" ? options[token.name] : undefined;
    if (token.kind !== "option" || option?.type !== "string" || option.multiple) continue;
    if (seen.has(token.name)) throw new UsageError(`--${token.name} is given twice; it takes one value`, command);
    seen.add(token.name);
  }
  return { positionals: parsed.positionals, values: parsed.values };
}

/** Refuses flags that parsed (they belong to a sibling command) but that `command` would silently ignore. */
export function onlyFlags(values: object, allowed: readonly string[], command: string): void {
  const stray = Object.keys(values).filter((flag) => !allowed.includes(flag));
  if (stray.length) throw new UsageError(`${command} does not take ${stray.map((f) => `--${f}`).join(", ")}`, command);
}

/**
 * Checks the positional arguments after the command words against their names ("<account_id>", "[days]"): a missing
 * required one or one too many is a usage error rather than a different command or a silently dropped word.
 */
export function positionalsFor(command: string, given: string[], names: readonly string[]): string[] {
  const required = names.filter((n) => n.startsWith("<"));
  const missing = required.slice(given.length);
  if (missing.length) throw new UsageError(`${command} needs ${missing.join(" ")}`, command);
  if (given.length > names.length) throw new UsageError(`unexpected argument "${given[names.length]}" for ${command}`, command);
  const empty = given.findIndex((g) => !g.trim());
  if (empty >= 0) throw new UsageError(`${names[empty]} must not be empty`, command);
  return given;
}

/** A required flag's value, trimmed; absent or blank is a usage error. */
export function requiredFlag(values: Record<string, unknown>, flag: string, command: string): string {
  const raw = values[flag];
  const value = typeof raw === "string" ? raw.trim() : "";
  if (!value) throw new UsageError(`${command} needs --${flag}`, command);
  return value;
}

/** The admin API's `base_url` rule, so a typo fails here instead of on the first call to the server. */
export function httpUrl(value: string, flag: string, command: string): string {
  if (!HttpUrl.safeParse(value).success) throw new UsageError(`${flag} must be an http(s) URL, got "${value.slice(0, 80)}"`, command);
  return value;
}
