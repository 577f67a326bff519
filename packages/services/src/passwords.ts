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

/**
 * Base words of the passwords that top the public breach lists (NCSC "100k-most-used", SecLists
 * "10-million-password-list-top-10000", both hand-picked from memory as a compact list, not copied) and the
 * service's own name, which NIST SP 800-63B §5.1.1.2 lists among "context-specific words". At 12+ characters these
 * show up padded with digits or symbols, repeated, or joined together, which is what commonPassword() looks for.
 */
const COMMON_WORDS = [
  "password", "passw", "passwort", "pass", "qwerty", "azerty", "qwertz", "letmein", "welcome", "admin", "administrator",
  "changeme", "iloveyou", "love", "monkey", "dragon", "football", "baseball", "soccer", "hockey", "basketball",
  "sunshine", "princess", "trustno", "superman", "batman", "master", "shadow", "michael", "jennifer", "jordan",
  "hunter", "ashley", "charlie", "daniel", "thomas", "jessica", "pokemon", "starwars", "whatever", "freedom",
  "summer", "winter", "spring", "autumn", "secret", "hello", "login", "access", "computer", "internet", "google",
  "default", "test", "guest", "user", "root", "winnow", "abc", "qazwsx", "zaq", "fuckyou", "cheese", "chocolate",
  "flower", "purple", "orange", "banana", "matrix", "killer", "silver", "golden", "ginger", "pepper", "cookie",
  "samsung", "apple", "linkedin", "facebook", "myspace", "mustang", "harley", "ranger", "tigger", "buster",
  "yankees", "liverpool", "arsenal", "chelsea", "london", "america", "january", "october", "november",
  "december", "monday", "friday", "sunday", "money", "blink", "angel", "baby", "family", "forever", "lovely",
  "nicole", "andrew", "joshua", "matthew", "robert", "william", "maggie", "loveme", "mylove", "please",
];

/**
 * Keyboard rows and columns (QWERTY, AZERTY, QWERTZ), the alphabet and the digits, the digits twice so that
 * "123456789012" is one run. Substrings of these, forwards or backwards, are "sequential characters" in 800-63B.
 */
const WALKS = [
  "01234567890123456789", "abcdefghijklmnopqrstuvwxyz", "qwertyuiop", "asdfghjkl", "zxcvbnm", "azertyuiop",
  "qsdfghjklm", "wxcvbn", "qwertzuiop", "yxcvbnm", "1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p", "1q2w3e4r5t6y7u8i9o0p",
  "q1w2e3r4t5y6u7i8o9p0", "zaq1xsw2cde3vfr4bgt5nhy6mju7", "qazwsxedcrfvtgbyhnujmikolp", "!@#$%^&*()",
].flatMap((w) => [w, [...w].reverse().join("")]);

/** Substitutions people use to dress up a word: "p@ssw0rd" is still "password". */
const LEET: Record<string, string> = { "0": "o", "1": "il", "2": "z", "3": "e", "4": "a", "5": "s", "6": "g", "7": "t", "8": "b", "9": "g", "@": "a", "$": "s", "!": "i", "|": "l", "+": "t" };

/** Digits and symbols a user adds around a weak core ("Summer2024!") to satisfy composition rules. */
const MAX_PADDING = 6;
const MIN_WALK = 3;

const matchesWord = (text: string, at: number, word: string): boolean => {
  if (at + word.length > text.length) return false;
  for (let i = 0; i < word.length; i++) {
    const c = text[at + i]!;
    if (c !== word[i] && !(LEET[c] ?? "").includes(word[i]!)) return false;
  }
  return true;
};

/** Lengths of every common word or keyboard/sequence run that starts at `at`. */
function weakPiecesAt(text: string, at: number): number[] {
  const lengths = COMMON_WORDS.filter((w) => matchesWord(text, at, w)).map((w) => w.length);
  for (const walk of WALKS) {
    let best = 0;
    for (let start = walk.indexOf(text[at]!); start >= 0; start = walk.indexOf(text[at]!, start + 1)) {
      let n = 0;
      while (at + n < text.length && walk[start + n] === text[at + n]) n++;
      best = Math.max(best, n);
    }
    for (let n = MIN_WALK; n <= best; n++) lengths.push(n);
  }
  return lengths;
}

/**
 * Whether the text is nothing but common words and sequences plus at most MAX_PADDING other digits or symbols: the
 * least padding over all ways of cutting it into pieces (dynamic programming over positions).
 */
function onlyWeakPieces(text: string): boolean {
  const padding: number[] = new Array(text.length + 1).fill(Infinity);
  padding[0] = 0;
  for (let i = 0; i < text.length; i++) {
    const here = padding[i]!;
    if (here > MAX_PADDING) continue;
    if (!/\p{L}/u.test(text[i]!)) padding[i + 1] = Math.min(padding[i + 1]!, here + 1);
    for (const n of weakPiecesAt(text, i)) padding[i + n] = Math.min(padding[i + n]!, here);
  }
  return padding[text.length]! <= MAX_PADDING;
}

/** The shortest unit the whole text repeats, e.g. "abc" for "abcabcabc" (the text itself when it repeats nothing). */
function repeatedUnit(text: string): string {
  for (let size = 1; size <= text.length / 2; size++) {
    if (text.length % size === 0 && text.slice(0, size).repeat(text.length / size) === text) return text.slice(0, size);
  }
  return text;
}

/**
 * NIST SP 800-63B §5.1.1.2 asks verifiers to refuse "commonly-used, expected, or compromised" values, naming
 * dictionary words, "repetitive or sequential characters" and context-specific words. Case, spaces and look-alike
 * substitutions are ignored, so "P@ssw0rd 2024!" counts as "password2024!".
 */
export function isCommonPassword(password: string): boolean {
  const text = password.normalize("NFKC").toLowerCase().replace(/\s+/gu, "");
  if (!text) return true;
  // Repeating a password too short to be accepted on its own does not make it stronger.
  if ([...repeatedUnit(text)].length < PASSWORD_MIN_LENGTH) return true;
  return onlyWeakPieces(text);
}

export const COMMON_PASSWORD_PROBLEM =
  "This password is too common or easy to guess (a well-known password, a keyboard or number sequence, or a repeated pattern). A passphrase of a few unrelated words works well.";

/** Why a new password is refused, or undefined when it is acceptable (length and a blocklist, per NIST SP 800-63B). */
export function passwordProblem(password: string, email: string): string | undefined {
  const length = [...password.normalize("NFKC")].length;
  if (length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (password.trim().toLowerCase() === email.trim().toLowerCase()) return "The password must not be your email address.";
  if (new Set(password).size < 4) return "The password repeats too few different characters.";
  if (isCommonPassword(password)) return COMMON_PASSWORD_PROBLEM;
  return undefined;
}
