import { randomUUID } from "node:crypto";
import { SignJWT, calculateJwkThumbprint, errors, exportJWK, generateKeyPair, importJWK, jwtVerify, type CryptoKey, type JWK } from "jose";
import { SCOPES, type Scope } from "@winnow/storage";

/**
 * OAuth 2.0 access tokens: JWTs (RFC 9068 profile) signed with ES256. The key set comes from configuration
 * (`WINNOW_JWT_KEYS`, a JWK set of P-256 keys); the first key with a private part signs, every key verifies, and the
 * `kid` header picks the key — so rotating means putting a new key first and keeping the old one until the tokens it
 * signed have expired (1 h).
 */
export const TOKEN_ALGORITHM = "ES256";
export const TOKEN_TYPE = "at+jwt";
export const DEFAULT_TOKEN_LIFETIME_S = 3600;

export interface TokenSettings {
  issuer: string;
  audience: string;
  lifetimeSeconds: number;
}

export const DEFAULT_TOKEN_SETTINGS: TokenSettings = {
  issuer: "winnow",
  audience: "winnow-api-v1",
  lifetimeSeconds: DEFAULT_TOKEN_LIFETIME_S,
};

export interface AccessTokenClaims {
  clientId: string;
  accountId: string;
  scopes: Scope[];
  /** Epoch seconds. */
  expiresAt: number;
  tokenId: string;
}

/** The token cannot be used; `reason` is safe to show to the caller (it never quotes the token). */
export class InvalidTokenError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "InvalidTokenError";
  }
}

/** Three base64url segments: the compact JWS form. API keys never contain dots, so the two cannot be confused. */
export const looksLikeJwt = (value: string): boolean => /^[\w-]+\.[\w-]+\.[\w-]*$/.test(value);

interface LoadedKey {
  kid: string;
  publicKey: CryptoKey;
  privateKey?: CryptoKey;
}

async function loadKey(jwk: JWK): Promise<LoadedKey> {
  if (jwk.kty !== "EC" || jwk.crv !== "P-256" || !jwk.x || !jwk.y) {
    throw new Error("every JWT signing key must be an EC P-256 JWK (ES256)");
  }
  const { d, kid, ...pub } = jwk;
  const publicJwk = { kty: pub.kty, crv: pub.crv, x: pub.x, y: pub.y };
  const id = kid ?? (await calculateJwkThumbprint(publicJwk));
  const publicKey = (await importJWK(publicJwk, TOKEN_ALGORITHM)) as CryptoKey;
  const privateKey = d ? ((await importJWK({ ...publicJwk, d }, TOKEN_ALGORITHM)) as CryptoKey) : undefined;
  return { kid: id, publicKey, ...(privateKey ? { privateKey } : {}) };
}

/** A fresh key set (one private P-256 key) as JSON: what `npm start` writes to $WINNOW_DATA_DIR/jwt-keys.json. */
export async function generateSigningKeySet(): Promise<string> {
  const { privateKey } = await generateKeyPair(TOKEN_ALGORITHM, { extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint({ kty: jwk.kty!, crv: jwk.crv!, x: jwk.x!, y: jwk.y! });
  return JSON.stringify({ keys: [{ ...jwk, kid, alg: TOKEN_ALGORITHM, use: "sig" }] });
}

export class AccessTokens {
  private readonly keys: Map<string, LoadedKey>;
  private readonly signer: LoadedKey;
  readonly settings: TokenSettings;

  private constructor(keys: LoadedKey[], settings: TokenSettings) {
    this.keys = new Map(keys.map((k) => [k.kid, k]));
    const signer = keys.find((k) => k.privateKey);
    if (!signer) throw new Error("the JWT key set has no private key to sign with");
    if (this.keys.size !== keys.length) throw new Error("the JWT key set has two keys with the same kid");
    this.signer = signer;
    this.settings = settings;
  }

  /** From a JWK set (`{"keys":[…]}`) or a bare array of JWKs, as JSON. */
  static async fromJson(json: string, settings: TokenSettings = DEFAULT_TOKEN_SETTINGS): Promise<AccessTokens> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      throw new Error("the JWT key set is not valid JSON");
    }
    const list = Array.isArray(parsed) ? parsed : (parsed as { keys?: unknown })?.keys;
    if (!Array.isArray(list) || list.length === 0) throw new Error('the JWT key set must be {"keys":[…]} with at least one key');
    return new AccessTokens(await Promise.all(list.map((k) => loadKey(k as JWK))), settings);
  }

  /** Keys that live only as long as this process: for tests and one-process local runs, never for several instances. */
  static async ephemeral(settings: TokenSettings = DEFAULT_TOKEN_SETTINGS): Promise<AccessTokens> {
    return AccessTokens.fromJson(await generateSigningKeySet(), settings);
  }

  async issue(subject: { clientId: string; accountId: string; scopes: readonly Scope[] }, now: Date = new Date()): Promise<{ token: string; expiresIn: number }> {
    const iat = Math.floor(now.getTime() / 1000);
    const token = await new SignJWT({ scope: subject.scopes.join(" "), client_id: subject.clientId, acct: subject.accountId })
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, kid: this.signer.kid, typ: TOKEN_TYPE })
      .setIssuer(this.settings.issuer)
      .setAudience(this.settings.audience)
      .setSubject(subject.clientId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.settings.lifetimeSeconds)
      .setJti(randomUUID())
      .sign(this.signer.privateKey!);
    return { token, expiresIn: this.settings.lifetimeSeconds };
  }

  /**
   * Verifies signature (ES256 only: `none`, HMAC and other algorithms are refused before any key is used), `kid`,
   * type, issuer, audience and expiry, then the claims this service relies on.
   */
  async verify(token: string, now: Date = new Date()): Promise<AccessTokenClaims> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(
        token,
        (header) => {
          const key = header.kid ? this.keys.get(header.kid) : undefined;
          if (!key) throw new InvalidTokenError("the token was signed with an unknown key");
          return key.publicKey;
        },
        {
          algorithms: [TOKEN_ALGORITHM],
          typ: TOKEN_TYPE,
          issuer: this.settings.issuer,
          audience: this.settings.audience,
          requiredClaims: ["exp", "iat", "sub", "jti"],
          currentDate: now,
          clockTolerance: 5,
        },
      ));
    } catch (err) {
      throw new InvalidTokenError(describe(err));
    }
    const scopes = typeof payload.scope === "string" ? payload.scope.split(" ").filter(Boolean) : undefined;
    if (
      typeof payload.sub !== "string" ||
      payload.client_id !== payload.sub ||
      typeof payload.acct !== "string" ||
      !scopes ||
      !scopes.every((s) => (SCOPES as readonly string[]).includes(s))
    ) {
      throw new InvalidTokenError("the token's claims are not those of a Winnow access token");
    }
    return { clientId: payload.sub, accountId: payload.acct, scopes: scopes as Scope[], expiresAt: payload.exp as number, tokenId: payload.jti as string };
  }
}

function describe(err: unknown): string {
  if (err instanceof InvalidTokenError) return err.message;
  if (err instanceof errors.JWTExpired) return "the token has expired";
  if (err instanceof errors.JWTClaimValidationFailed) return `the token's "${err.claim}" claim is not valid here`;
  if (err instanceof errors.JOSEAlgNotAllowed) return "the token's signing algorithm is not accepted";
  if (err instanceof errors.JWSSignatureVerificationFailed) return "the token's signature is not valid";
  return "the token is malformed";
}
