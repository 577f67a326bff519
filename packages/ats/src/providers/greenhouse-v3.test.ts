import { describe, expect, it } from "vitest";
import type { WriteBackSettings } from "@winnow/storage/repos/connections";
import { PermanentError } from "../errors.ts";
import { GreenhouseClient, greenhouse, harvestVersionOf, type GreenhouseSettings } from "./greenhouse.ts";
import { GreenhouseV3Client, nextCursor } from "./greenhouse-v3.ts";

const v3: GreenhouseSettings = { noteVisibility: "private", actingUserId: "4080", apiVersion: "v3" };

describe("Greenhouse API version", () => {
  it("reads a connection without a version as v1 (stored before v3 support) and builds the matching client", () => {
    const legacy: WriteBackSettings = { noteVisibility: "private", actingUserId: "4080" };
    expect(harvestVersionOf(legacy)).toBe("v1");
    expect(harvestVersionOf(v3)).toBe("v3");
    expect(greenhouse.createClient({ apiKey: "k", settings: legacy })).toBeInstanceOf(GreenhouseClient);
    expect(greenhouse.createClient({ apiKey: "", clientId: "c", clientSecret: "s", settings: v3 })).toBeInstanceOf(GreenhouseV3Client);
  });

  it("validates v3 settings: an acting user for the token's sub, no tag, a known version", () => {
    expect(greenhouse.validateSettings(v3)).toBeUndefined();
    expect(greenhouse.validateSettings({ ...v3, actingUserId: undefined } as WriteBackSettings)).toMatch(/sub/);
    expect(greenhouse.validateSettings({ ...v3, tag: "Winnow" })).toMatch(/tag is not supported on Harvest v3/);
    expect(greenhouse.validateSettings({ ...v3, apiVersion: "v2" } as unknown as WriteBackSettings)).toMatch(/api_version/);
    expect(greenhouse.validateSettings({ noteVisibility: "private", actingUserId: "1", tag: "Winnow" })).toBeUndefined();
  });

  it("fails the job permanently, before any request, when a v3 connection lacks its OAuth client", async () => {
    const client = greenhouse.createClient({ apiKey: "old-v1-key", settings: v3, baseUrl: "http://127.0.0.1:9" });
    await expect(client.getApplication("1")).rejects.toThrow(PermanentError);
    await expect(client.getApplication("1")).rejects.toThrow(/no OAuth client id and secret/);
  });
});

describe("nextCursor", () => {
  it("takes only the cursor of the rel=next link", () => {
    expect(nextCursor('<https://harvest.greenhouse.io/v3/notes?cursor=abc%3D%3D>; rel="next"')).toBe("abc==");
    expect(nextCursor('<https://x/v3/notes?cursor=p1>; rel="prev", <https://x/v3/notes?cursor=n2&per_page=5>; rel="next"')).toBe("n2");
    expect(nextCursor('<https://x/v3/notes?page=2>; rel="next"')).toBeUndefined();
    expect(nextCursor(null)).toBeUndefined();
    expect(nextCursor('<https://x/v3/notes?cursor=p1>; rel="prev"')).toBeUndefined();
  });
});
