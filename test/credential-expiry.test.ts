import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { REVOKED_CREDENTIAL_DAYS } from "@winnow/storage";
import { beforeAll, describe, expect, it } from "vitest";
import { testService, type TestService } from "./helpers.ts";

let t: TestService;
beforeAll(async () => {
  t = await testService();
});

const DAY = 86_400_000;
const item = async (pk: string, sk: string) => (await t.store.doc.send(new GetCommand({ TableName: t.store.table, Key: { pk, sk } }))).Item;

describe("revoked credentials expire", () => {
  it(`an API key stays listed as revoked for ${REVOKED_CREDENTIAL_DAYS} days, then both its items carry the TTL and the list drops it`, async () => {
    const { accountId } = await t.otherAccount();
    const { record, key } = await t.services.accounts.createApiKey(accountId, ["taxonomy:read"]);
    const kept = await t.services.accounts.createApiKey(accountId, ["taxonomy:read"]);
    const revoked = await t.services.accounts.revokeApiKey(accountId, record.id);
    const revokedAt = Date.parse(revoked!.revokedAt!);
    const expiresAt = Math.floor(revokedAt / 1000) + REVOKED_CREDENTIAL_DAYS * 86_400;

    const listing = await item(`ACCOUNT#${accountId}`, `KEY#${record.id}`);
    expect(listing?.expiresAt).toBe(expiresAt);
    const lookup = await item(`KEYHASH#${listing!.hash}`, "#KEY");
    expect(lookup).toMatchObject({ revoked: true, expiresAt });
    // The kept key has no expiry at all.
    expect((await item(`ACCOUNT#${accountId}`, `KEY#${kept.record.id}`))?.expiresAt).toBeUndefined();

    const ids = async (at: number) => (await t.services.accounts.listApiKeys(accountId, new Date(at))).map((k) => k.id);
    expect(await ids(revokedAt + (REVOKED_CREDENTIAL_DAYS - 1) * DAY)).toEqual(expect.arrayContaining([record.id, kept.record.id]));
    const later = await ids(revokedAt + REVOKED_CREDENTIAL_DAYS * DAY + 1000);
    expect(later).toContain(kept.record.id);
    expect(later).not.toContain(record.id);

    // Revoking again keeps the first revocation's time and expiry; the key still fails to authenticate.
    await t.services.accounts.revokeApiKey(accountId, record.id);
    expect((await item(`ACCOUNT#${accountId}`, `KEY#${record.id}`))?.expiresAt).toBe(expiresAt);
    expect((await t.call("/v1/titles?limit=1", { key })).status).toBe(401);
  });

  it("an OAuth client likewise", async () => {
    const { accountId } = await t.otherAccount();
    const { record } = await t.services.oauthClients.create(accountId, "ci", ["taxonomy:read"]);
    const revoked = await t.services.oauthClients.revoke(accountId, record.id);
    const revokedAt = Date.parse(revoked!.revokedAt!);
    const listed = async (at: number) => (await t.services.oauthClients.list(accountId, new Date(at))).map((c) => c.id);
    expect(await listed(revokedAt + DAY)).toEqual([record.id]);
    expect(await listed(revokedAt + REVOKED_CREDENTIAL_DAYS * DAY + 1000)).toEqual([]);
  });
});
