import { AccountMissingError, AccountRepository, EmailTakenError, UserRepository, type UserRecord } from "@winnow/storage";
import { INVITATION_TTL_SECONDS, generateSigningKeySet, invitationUrl } from "@winnow/services";
import { readConfig, type Config } from "../config.ts";
import { openStore } from "../runtime.ts";

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
  if (command === "jwt-keys" && sub === "generate" && !rest.length) {
    log(await generateSigningKeySet());
    return 0;
  }
  const invite = command === "users" && sub === "invite" && rest.length === 2;
  const list = command === "users" && sub === "list" && rest.length === 1;
  if (!invite && !list) return undefined;
  const config = readConfig();
  const opened = await openStore(config);
  try {
    const users = new UserRepository(opened.store);
    if (list) {
      if (!(await new AccountRepository(opened.store).get(rest[0]!))) throw new Error(`no account ${rest[0]}`);
      for (const u of await users.list(rest[0]!)) log(JSON.stringify(userOut(u)));
      return 0;
    }
    const [accountId, email] = rest as [string, string];
    if (email.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(email)) throw new Error(`not an email address: ${email.slice(0, 80)}`);
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
