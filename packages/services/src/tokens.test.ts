import { createHmac } from "node:crypto";
import { SignJWT, importJWK, type JWK } from "jose";
import { describe, expect, it } from "vitest";
import { AccessTokens, InvalidTokenError, generateSigningKeySet, looksLikeJwt } from "./tokens.ts";

const subject = { clientId: "wnc_client1", accountId: "acc-1", scopes: ["taxonomy:read", "matches:read"] as const };
const NOW = new Date("2025-06-01T12:00:00Z");
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");

async function setup() {
  const json = await generateSigningKeySet();
  const tokens = await AccessTokens.fromJson(json);
  const jwk = (JSON.parse(json) as { keys: JWK[] }).keys[0]!;
  const { token } = await tokens.issue({ ...subject, scopes: [...subject.scopes] }, NOW);
  return { json, tokens, jwk, token };
}

const rejects = async (tokens: AccessTokens, token: string, reason: RegExp, now = NOW) => {
  const err = await tokens.verify(token, now).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(InvalidTokenError);
  expect((err as Error).message).toMatch(reason);
};

describe("access tokens", () => {
  it("issue an ES256 at+jwt with kid, issuer, audience, 1 h expiry and the granted scopes", async () => {
    const { tokens, jwk, token } = await setup();
    expect(looksLikeJwt(token)).toBe(true);
    const [header, payload] = token.split(".").slice(0, 2).map((p) => JSON.parse(Buffer.from(p, "base64url").toString()));
    expect(header).toEqual({ alg: "ES256", kid: jwk.kid, typ: "at+jwt" });
    expect(payload).toMatchObject({ iss: "winnow", aud: "winnow-api-v1", sub: "wnc_client1", client_id: "wnc_client1", acct: "acc-1", scope: "taxonomy:read matches:read" });
    expect(payload.exp - payload.iat).toBe(3600);
    const claims = await tokens.verify(token, NOW);
    expect(claims).toMatchObject({ clientId: "wnc_client1", accountId: "acc-1", scopes: ["taxonomy:read", "matches:read"] });
  });

  it("refuse an expired token", async () => {
    const { tokens, token } = await setup();
    expect((await tokens.verify(token, new Date(NOW.getTime() + 3590_000))).clientId).toBe("wnc_client1");
    await rejects(tokens, token, /expired/, new Date(NOW.getTime() + 3606_000));
  });

  it("refuse a tampered payload (bad signature)", async () => {
    const { tokens, token } = await setup();
    const [h, p, s] = token.split(".");
    const payload = JSON.parse(Buffer.from(p!, "base64url").toString());
    const forged = `${h}.${b64({ ...payload, acct: "someone-else" })}.${s}`;
    await rejects(tokens, forged, /signature/);
    const flipped = `${h}.${p}.${s!.slice(0, -2)}${s!.endsWith("AA") ? "BB" : "AA"}`;
    await rejects(tokens, flipped, /signature/);
  });

  it("refuse alg none and HMAC tokens made with the public key (algorithm confusion)", async () => {
    const { tokens, token, jwk } = await setup();
    const payload = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
    await rejects(tokens, `${b64({ alg: "none", typ: "at+jwt", kid: jwk.kid })}.${b64(payload)}.`, /algorithm/);
    const head = b64({ alg: "HS256", typ: "at+jwt", kid: jwk.kid });
    const body = b64(payload);
    const publicBytes = JSON.stringify({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y });
    const mac = createHmac("sha256", publicBytes).update(`${head}.${body}`).digest("base64url");
    await rejects(tokens, `${head}.${body}.${mac}`, /algorithm/);
  });

  it("refuse the wrong audience, issuer or type, and unknown keys", async () => {
    const { json, tokens, jwk } = await setup();
    const other = await AccessTokens.fromJson(json, { issuer: "winnow", audience: "someone-else", lifetimeSeconds: 3600 });
    await rejects(tokens, (await other.issue({ ...subject, scopes: ["taxonomy:read"] }, NOW)).token, /"aud"/);
    const otherIssuer = await AccessTokens.fromJson(json, { issuer: "evil", audience: "winnow-api-v1", lifetimeSeconds: 3600 });
    await rejects(tokens, (await otherIssuer.issue({ ...subject, scopes: ["taxonomy:read"] }, NOW)).token, /"iss"/);

    const key = await importJWK(jwk, "ES256");
    const plainJwt = await new SignJWT({ scope: "taxonomy:read", client_id: "wnc_client1", acct: "acc-1" })
      .setProtectedHeader({ alg: "ES256", kid: jwk.kid!, typ: "JWT" })
      .setIssuer("winnow").setAudience("winnow-api-v1").setSubject("wnc_client1").setIssuedAt(NOW).setExpirationTime(new Date(NOW.getTime() + 60_000)).setJti("x")
      .sign(key);
    await rejects(tokens, plainJwt, /"typ"/);

    const stranger = await AccessTokens.ephemeral();
    await rejects(tokens, (await stranger.issue({ ...subject, scopes: ["taxonomy:read"] }, NOW)).token, /unknown key/);
  });

  it("refuse well-signed tokens without Winnow's claims", async () => {
    const { tokens, jwk } = await setup();
    const key = await importJWK(jwk, "ES256");
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: "ES256", kid: jwk.kid!, typ: "at+jwt" })
        .setIssuer("winnow").setAudience("winnow-api-v1").setSubject("wnc_client1").setIssuedAt(NOW).setExpirationTime(new Date(NOW.getTime() + 60_000)).setJti("x")
        .sign(key);
    await rejects(tokens, await sign({ client_id: "wnc_client1", acct: "acc-1", scope: "admin:everything" }), /claims/);
    await rejects(tokens, await sign({ client_id: "wnc_other", acct: "acc-1", scope: "taxonomy:read" }), /claims/);
    await rejects(tokens, await sign({ client_id: "wnc_client1", scope: "taxonomy:read" }), /claims/);
  });

  it("rotate: a set with a new key first signs with it and still verifies the old key's tokens", async () => {
    const old = await setup();
    const fresh = JSON.parse(await generateSigningKeySet()) as { keys: JWK[] };
    const rotated = await AccessTokens.fromJson(JSON.stringify({ keys: [fresh.keys[0], old.jwk] }));
    expect((await rotated.verify(old.token, NOW)).clientId).toBe("wnc_client1");
    const { token } = await rotated.issue({ ...subject, scopes: ["taxonomy:read"] }, NOW);
    expect(JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString()).kid).toBe(fresh.keys[0]!.kid);
    await rejects(old.tokens, token, /unknown key/);
    // A public-only old key keeps verifying without being able to sign.
    const { d: _d, ...publicOld } = old.jwk;
    const verifyOnly = await AccessTokens.fromJson(JSON.stringify({ keys: [fresh.keys[0], publicOld] }));
    expect((await verifyOnly.verify(old.token, NOW)).accountId).toBe("acc-1");
  });

  it("reject unusable key sets", async () => {
    await expect(AccessTokens.fromJson("not json")).rejects.toThrow(/JSON/);
    await expect(AccessTokens.fromJson('{"keys":[]}')).rejects.toThrow(/at least one/);
    await expect(AccessTokens.fromJson('{"keys":[{"kty":"oct","k":"c2VjcmV0"}]}')).rejects.toThrow(/P-256/);
    const { d: _d, ...pub } = (JSON.parse(await generateSigningKeySet()) as { keys: JWK[] }).keys[0]!;
    await expect(AccessTokens.fromJson(JSON.stringify({ keys: [pub] }))).rejects.toThrow(/no private key/);
  });

  it("tell JWT-shaped bearers from API keys", () => {
    expect(looksLikeJwt("wnw_abcDEF123")).toBe(false);
    expect(looksLikeJwt("a.b")).toBe(false);
    expect(looksLikeJwt("aa.bb.")).toBe(true);
    expect(looksLikeJwt("aa.bb.cc")).toBe(true);
  });
});
