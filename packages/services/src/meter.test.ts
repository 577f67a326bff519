import { describe, expect, it } from "vitest";
import type { AccountRepository, OAuthClientRepository, RateLimitRepository, RateLimits, WindowCount } from "@winnow/storage";
import { UsageMeter } from "./meter.ts";

/** In-memory stand-in with the repository's semantics: all `units` are counted only if both counts stay within their limits. */
function fakeCounters(overrides: Record<string, Partial<RateLimits>> = {}) {
  const counts = new Map<string, number>();
  let overrideReads = 0;
  let consumes = 0;
  const repo = {
    async consume(accountId: string, credentialId: string, limits: RateLimits, windowSeconds: number, nowMs: number, units = 1): Promise<WindowCount> {
      consumes++;
      if (units < 1 || units > Math.min(limits.perAccount, limits.perCredential)) throw new RangeError("bad units");
      const w = Math.floor(nowMs / 1000 / windowSeconds);
      const a = `${accountId}#${w}`;
      const c = `${accountId}#${w}#${credentialId}`;
      const resetAtMs = (w + 1) * windowSeconds * 1000;
      const [ac, cc] = [counts.get(a) ?? 0, counts.get(c) ?? 0];
      if (ac + units > limits.perAccount || cc + units > limits.perCredential) return { allowed: false, accountCount: ac, credentialCount: cc, resetAtMs };
      counts.set(a, ac + units);
      counts.set(c, cc + units);
      return { allowed: true, accountCount: ac + units, credentialCount: cc + units, resetAtMs };
    },
    async override(accountId: string) {
      overrideReads++;
      return overrides[accountId];
    },
  };
  return {
    repo: repo as unknown as RateLimitRepository,
    overrideReads: () => overrideReads,
    consumes: () => consumes,
    counted: (key: string) => counts.get(key) ?? 0,
    overrides,
  };
}

function touches(fail = false) {
  const calls: string[] = [];
  const touch = async (accountId: string, id: string) => {
    calls.push(`${accountId}/${id}`);
    if (fail) throw Object.assign(new Error("boom"), { name: "ProvisionedThroughputExceededException" });
  };
  return {
    calls,
    accounts: { touchApiKey: touch } as unknown as AccountRepository,
    oauthClients: { touch } as unknown as OAuthClientRepository,
  };
}

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);
const key = (id: string) => ({ kind: "api-key" as const, id });

describe("UsageMeter", () => {
  it("at a low rate: one conditional update per request, exact counts, refusal at the limit until the window ends", async () => {
    const counters = fakeCounters();
    const meter = new UsageMeter({ rateLimits: counters.repo, ...touches() }, { defaults: { perCredential: 3, perAccount: 10 } });
    const seen = [];
    for (let i = 0; i < 4; i++) seen.push(await meter.admit("acc", key("k1"), T0 + 3000 * i));
    expect(seen.map((d) => [d.allowed, d.limit, d.remaining, d.binding])).toEqual([
      [true, 3, 2, "credential"],
      [true, 3, 1, "credential"],
      [true, 3, 0, "credential"],
      [false, 3, 0, "credential"],
    ]);
    expect(seen[3]!.resetSeconds).toBe(51);
    expect(counters.consumes()).toBe(4);
    // Refused for the rest of the window without asking DynamoDB again.
    expect((await meter.admit("acc", key("k1"), T0 + 30_000)).allowed).toBe(false);
    expect(counters.consumes()).toBe(4);
    // A new window starts from zero.
    expect((await meter.admit("acc", key("k1"), T0 + 60_000)).allowed).toBe(true);
    expect(counters.consumes()).toBe(5);
  });

  it("a busy credential reserves several requests per update, and the counts never pass the limit", async () => {
    const counters = fakeCounters();
    const meter = new UsageMeter({ rateLimits: counters.repo, ...touches() }, { defaults: { perCredential: 600, perAccount: 1200 } });
    const decisions = [];
    for (let i = 0; i < 500; i++) decisions.push(await meter.admit("acc", key("busy"), T0 + i));
    expect(decisions.every((d) => d.allowed)).toBe(true);
    expect(counters.consumes()).toBeLessThan(40);
    const remaining = decisions.map((d) => d.remaining);
    expect(remaining[0]).toBe(599);
    expect(remaining.at(-1)).toBe(100);
    expect(remaining.every((r, i) => i === 0 || r === remaining[i - 1]! - 1)).toBe(true);
    expect(counters.counted(`acc#${Math.floor(T0 / 60_000)}#busy`)).toBeGreaterThanOrEqual(500);
    expect(counters.counted(`acc#${Math.floor(T0 / 60_000)}#busy`)).toBeLessThanOrEqual(600);
  });

  it("two instances sharing the counters admit no more than the limit, and strand little of it", async () => {
    const counters = fakeCounters();
    const instances = [0, 1].map(() => new UsageMeter({ rateLimits: counters.repo, ...touches() }, { defaults: { perCredential: 300, perAccount: 1000 } }));
    let admittedCount = 0;
    for (let i = 0; i < 800; i++) {
      if ((await instances[i % 2]!.admit("acc", key("shared"), T0 + Math.floor(i / 4))).allowed) admittedCount++;
    }
    expect(admittedCount).toBeLessThanOrEqual(300);
    expect(admittedCount).toBeGreaterThanOrEqual(300 - 2 * Math.ceil(300 / 16));
    expect(counters.counted(`acc#${Math.floor(T0 / 60_000)}#shared`)).toBeLessThanOrEqual(300);
  });

  it("with reservations off (maxLease 1), every request is one exact update", async () => {
    const counters = fakeCounters();
    const meter = new UsageMeter({ rateLimits: counters.repo, ...touches() }, { defaults: { perCredential: 50, perAccount: 50 }, maxLease: 1 });
    for (let i = 0; i < 20; i++) await meter.admit("acc", key("k"), T0 + i);
    expect(counters.consumes()).toBe(20);
    expect(counters.counted(`acc#${Math.floor(T0 / 60_000)}#k`)).toBe(20);
  });

  it("binds on the account once several credentials share it", async () => {
    const { repo } = fakeCounters();
    const meter = new UsageMeter({ rateLimits: repo, ...touches() }, { defaults: { perCredential: 5, perAccount: 6 } });
    let at = T0;
    for (let i = 0; i < 4; i++) await meter.admit("acc", key("a"), (at += 2500));
    const d = await meter.admit("acc", key("b"), (at += 2500));
    expect([d.allowed, d.limit, d.remaining, d.binding]).toEqual([true, 6, 1, "account"]);
    await meter.admit("acc", key("b"), (at += 2500));
    const refused = await meter.admit("acc", key("b"), (at += 2500));
    expect([refused.allowed, refused.limit, refused.binding]).toEqual([false, 6, "account"]);
    // Another account is not affected.
    expect((await meter.admit("other", key("c"), at)).allowed).toBe(true);
  });

  it("applies an account override, caches it, and forgets it on demand", async () => {
    const counters = fakeCounters({ acc: { perCredential: 1 } });
    const meter = new UsageMeter({ rateLimits: counters.repo, ...touches() }, { defaults: { perCredential: 100, perAccount: 100 }, limitsCacheMs: 30_000 });
    expect(await meter.limitsFor("acc", T0)).toEqual({ perCredential: 1, perAccount: 100 });
    await meter.limitsFor("acc", T0 + 29_000);
    expect(counters.overrideReads()).toBe(1);
    counters.overrides.acc = { perCredential: 7 };
    expect((await meter.limitsFor("acc", T0 + 29_500)).perCredential).toBe(1);
    meter.forgetLimits("acc");
    expect((await meter.limitsFor("acc", T0 + 29_600)).perCredential).toBe(7);
    expect((await meter.limitsFor("acc", T0 + 59_000)).perCredential).toBe(7);
    expect(counters.overrideReads()).toBe(2);
    await meter.limitsFor("acc", T0 + 59_700);
    expect(counters.overrideReads()).toBe(3);
  });

  it("forgetting an account's limits also lifts this instance's refusals, so a raised limit applies at once", async () => {
    const counters = fakeCounters({ acc: { perCredential: 1 } });
    const meter = new UsageMeter({ rateLimits: counters.repo, ...touches() });
    expect((await meter.admit("acc", key("k"), T0)).allowed).toBe(true);
    expect((await meter.admit("acc", key("k"), T0 + 10)).allowed).toBe(false);
    counters.overrides.acc = { perCredential: 5 };
    meter.forgetLimits("acc");
    expect((await meter.admit("acc", key("k"), T0 + 20)).allowed).toBe(true);
  });

  it("writes last-used at most once per interval per credential, and a failed write neither fails the call nor counts", async () => {
    const t = touches();
    const meter = new UsageMeter({ rateLimits: fakeCounters().repo, ...t }, { lastUsedIntervalMs: 60_000 });
    await meter.recordUse("acc", key("k1"), T0);
    await meter.recordUse("acc", key("k1"), T0 + 59_000);
    await meter.recordUse("acc", { kind: "oauth-client", id: "wnc_1" }, T0 + 1000);
    await meter.recordUse("acc", key("k1"), T0 + 61_000);
    expect(t.calls).toEqual(["acc/k1", "acc/wnc_1", "acc/k1"]);

    const failing = touches(true);
    const flaky = new UsageMeter({ rateLimits: fakeCounters().repo, ...failing });
    const warn = console.warn;
    const warnings: string[] = [];
    console.warn = (line: string) => warnings.push(line);
    try {
      expect((await flaky.admit("acc", key("k1"), T0)).allowed).toBe(true);
      expect((await flaky.admit("acc", key("k1"), T0 + 1000)).allowed).toBe(true);
    } finally {
      console.warn = warn;
    }
    expect(failing.calls).toHaveLength(2);
    expect(warnings[0]).toContain("could not record credential use");
  });
});
