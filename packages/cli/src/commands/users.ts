import { AccountMissingError, AccountRepository, EmailTakenError, UserRepository, type UserRecord } from "@winnow/storage";
import { INVITATION_TTL_SECONDS, generateSigningKeySet, invitationUrl } from "@winnow/services";
import { readConfig, type Config } from "../config.ts";
import { openStore } from "../runtime.ts";
import { UsageError, positionalsFor } from "../args.ts";
import { InviteEmail } from "@winnow/api/input-rules";

export const USERS_USAGE = `  users invite <account_id> <email>       invite a dashboard user: prints a one-time link to set the password
  users list <account_id>                 list an account's dashboard users
  jwt-keys generate                       print a new access-token signing key set (for WINNOW_JWT_KEYS)`;

/** Where invitation links point: WINNOW_PUBLIC_URL, else the local server's address. */
export const publicUrl = (config: Config, env: NodeJS.ProcessEnv = process.env): string =>
  env.WINNOW_PUBLIC_URL?.replace(/\/+$/, "") || `http://localhost:${config.port || 3000}`;


const userOut = (u: UserRecord) => ({ id: u.id, account_id: u.accountId, email: u.email, status: u.status, created_at: u.createdAt, last_sign_in_at: u.lastSignInAt ?? null });

/** `users …` and `jwt-keys …` commands; undefined when the arguments are not one of them (main prints the usage). */
export async function usersCommand(
  command: string,
  sub: string | undefined,
  rest: string[],
  log: (line: string) => void = console.log,
): Promise<number | undefined> {
  if (command === "jwt-keys" && sub === "generate") {
    positionalsFor("jwt-keys generate", rest, []);
    log(await generateSigningKeySet());
    return 0;
  }
  const invite = command === "users" && sub === "invite";
  const list = command === "users" && sub === "list";
  if (!invite && !list) return undefined;
  const args = list ? positionalsFor("users list", rest, ["<account_id>"]) : positionalsFor("users invite", rest, ["<account_id>", "<email>"]);
  // The admin API's rule (trimmed, an email address, at most 254 characters): refuse it before opening the store.
  const email = args[1]?.trim() ?? "";
  if (invite && !InviteEmail.safeParse(email).success) throw new UsageError(`not an email address: ${email.slice(0, 80)}`, "users invite");
  const config = readConfig();
  const opened = await openStore(config);
  try {
    const users = new UserRepository(opened.store);
    if (list) {
      if (!(await new AccountRepository(opened.store).get(args[0]!))) throw new Error(`no account ${args[0]}`);
      for (const u of await users.list(args[0]!)) log(JSON.stringify(userOut(u)));
      return 0;
    }
    const accountId = args[0]!;
    try {
      const invitation = await users.invite(accountId, email, INVITATION_TTL_SECONDS);
      log(JSON.stringify({ ...userOut(invitation.user), invite_url: invitationUrl(publicUrl(config), invitation.token), invite_expires_at: invitation.expiresAt }));
      return 0;
    } catch (err) {
      if (err instanceof AccountMissingError || err instanceof EmailTakenError) throw new Error(err.message);
      throw err;
    }
  } finally {
    await opened.close();
  }
}
