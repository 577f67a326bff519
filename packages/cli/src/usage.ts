import { SCOPES } from "@winnow/storage";
import { UsageError } from "./args.ts";
import { USERS_USAGE } from "./commands/users.ts";
import { CONNECTIONS_USAGE } from "./commands/connections.ts";
import { RECORDS_USAGE } from "./commands/records.ts";
import { AUDIT_USAGE } from "./commands/audit.ts";

const HEAD = "Usage: npm run cli -- <command>";

const COMMANDS = `  start                                   run the service (same as npm start)
  help [command]                          this text, or the part of it about one command (also: <command> --help)
  accounts create <name>                  create an account
  keys create <account_id> [--scope S]…   create an API key (scopes: ${SCOPES.join(", ")};
                                          default all); the key is printed once, in this command's output only
  keys list <account_id>                  list an account's keys
  keys revoke <account_id> <key_id>       revoke a key (revoking it again changes nothing)
${USERS_USAGE}
${CONNECTIONS_USAGE}
${RECORDS_USAGE}
${AUDIT_USAGE}
  taxonomy import esco <dir>              import an ESCO CSV export as a new catalogue version and activate it
  taxonomy sync [--base-url URL] [--fresh]
                                          pull titles and skills from the ESCO web API (resumes an interrupted
                                          sync unless --fresh); a new version only when something changed
  taxonomy versions                       list catalogue versions (which one is active)
  taxonomy syncs                          list taxonomy sync runs, newest first
  taxonomy activate <version>             make a stored catalogue version the active one`;

const FOOT = `Output: JSON on stdout (lists: one object per line); progress and errors on stderr.
Exit status: 0 done, 1 failed, 2 wrong usage (unknown command or option, missing or malformed argument).
Environment: PORT, HOST, WINNOW_DATA_DIR, DYNAMODB_ENDPOINT, WINNOW_TABLE, WINNOW_ADMIN_TOKEN,
WINNOW_ESCO_API_URL (see README).`;

/** Usage entries: a line indented by two spaces starts one, deeper-indented lines continue it. */
const ENTRIES = COMMANDS.split("\n").reduce<string[]>((entries, line) => {
  if (/^ {2}\S/.test(line) || !entries.length) entries.push(line);
  else entries[entries.length - 1] += `\n${line}`;
  return entries;
}, []);

/** The command words of an entry: the words before its first argument or flag ("keys create", "dead-letters list"). */
const wordsOf = (entry: string): string[] => {
  const words: string[] = [];
  const synopsis = entry.split("\n")[0]!.trim().split(/\s{2,}/)[0]!;
  for (const word of synopsis.split(" ")) {
    if (!/^[a-z][a-z-]*$/.test(word)) break;
    words.push(word);
  }
  return words;
};

/** The entries whose command starts with `words`; empty when no command does. */
export function entriesFor(words: readonly string[]): string[] {
  return ENTRIES.filter((entry) => {
    const own = wordsOf(entry);
    return words.every((w, i) => own[i] === w);
  });
}

/** Every command group ("keys", "connections", …) and every full command ("keys create"). */
export const knownCommand = (words: readonly string[]): boolean => words.length > 0 && entriesFor(words).length > 0;

/** The usage of the commands starting with `words` (all of them when empty or unknown). */
export function usage(words: readonly string[] = []): string {
  const entries = entriesFor(words);
  return `${HEAD}\n\n${(entries.length ? entries : ENTRIES).join("\n")}\n\n${FOOT}`;
}

/**
 * The usage error for command words that name no command: an unknown group ("frobnicate"), an unknown command in a
 * known group ("keys frob"), or a group without its command ("keys").
 */
export function noSuchCommand(words: readonly string[]): UsageError {
  let known = 0;
  while (known < words.length && knownCommand(words.slice(0, known + 1))) known++;
  const prefix = words.slice(0, known);
  if (!known) return new UsageError(words.length ? `unknown command "${words[0]}"` : "no command given");
  if (known === words.length) {
    const next = [...new Set(entriesFor(prefix).map((e) => wordsOf(e)[known]).filter(Boolean))];
    const what = next.length ? `needs one of: ${next.join(", ")}` : "got arguments it does not take";
    return new UsageError(`${prefix.join(" ")} ${what}`, prefix.join(" "));
  }
  return new UsageError(`unknown command "${words.slice(0, known + 1).join(" ")}"`, prefix.join(" "));
}
