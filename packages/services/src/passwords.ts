import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * Password hashing with node's scrypt (no native addon, nothing to install). The parameters travel inside each hash
 * (`scrypt$<log2 N>$<r>$<p>$<salt>$<key>`), so they can be raised later without invalidating stored passwords.
 * Default cost: N = 2^17, r = 8, p = 1 (128 MiB, OWASP's recommendation for scrypt).
 */
export interface ScryptCost {
  log2N: number;
  r: number;
  p: number;
}

export const DEFAULT_SCRYPT_COST: ScryptCost = { log2N: 17, r: 8, p: 1 };

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

export const PASSWORD_MIN_LENGTH = 12;
/** Long enough for any passphrase or manager; bounded so a huge body cannot make hashing the bottleneck. */
export const PASSWORD_MAX_LENGTH = 256;

const derive = (password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> => {
  const N = 2 ** cost.log2N;
  const options: ScryptOptions = { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    // NFKC: the same passphrase typed on different keyboards or OSes must give the same bytes.
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
};

export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, cost);
  return ["scrypt", cost.log2N, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Constant-time comparison; false (never a throw) for a hash it cannot read. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [log2N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![log2N, r, p].every((n) => Number.isInteger(n) && n > 0) || log2N > 22 || r > 32 || p > 16) return false;
  const salt = Buffer.from(parts[4]!, "base64url");
  const expected = Buffer.from(parts[5]!, "base64url");
  if (expected.length !== KEY_LENGTH) return false;
  const actual = await derive(password, salt, { log2N, r, p });
  return timingSafeEqual(actual, expected);
}

/**
 * Spends the same work as a real check, for sign-ins with an unknown email, so response times do not reveal which
 * emails have users.
 */
export async function burnPasswordCheck(password: string, cost: ScryptCost = DEFAULT_SCRYPT_COST): Promise<false> {
  await derive(password, Buffer.alloc(SALT_LENGTH), cost);
  return false;
}

/** Why a new password is refused, or undefined when it is acceptable (length-based, per NIST SP 800-63B). */
export function passwordProblem(password: string, email: string): string | undefined {
  const length = [...password.normalize("NFKC")].length;
  if (length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (password.trim().toLowerCase() === email.trim().toLowerCase()) return "The password must not be your email address.";
  if (new Set(password).size < 4) return "The password repeats too few different characters.";
  return undefined;
}
