import { randomUUID } from "node:crypto";
import pLimit from "p-limit";
import { EscoCatalogueBuilder, type EscoIscoGroup } from "@winnow/core/catalogue/esco";
import type { CatalogueRepository } from "@winnow/storage";
import type { SyncRun, SyncRunError } from "@winnow/storage/repos/taxonomy-sync";
import { EscoApiClient, escoApiUrlFrom, type RetryPolicy } from "./esco-api/client.ts";
import type { FetchedOccupation, FetchedSkill } from "./esco-api/resources.ts";
import { storeAndActivate } from "./import.ts";
import { silentProgress, type ProgressReporter, type ProgressTask } from "./reporter.ts";

export interface TaxonomySyncOptions {
  /** ESCO web-service base URL; default WINNOW_ESCO_API_URL or https://ec.europa.eu/esco/api. */
  baseUrl?: string;
  language?: string;
  selectedVersion?: string;
  /** Recorded in the run: "cli", "admin-api", "schedule", … */
  trigger?: string;
  /** Start a new run even when the last one can be resumed. */
  fresh?: boolean;
  pageSize?: number;
  /** Resource requests in flight at once. */
  concurrency?: number;
  retry?: Partial<RetryPolicy>;
  requestTimeoutMs?: number;
  /** How long the sync lock lasts without renewal; a crashed sync blocks others at most this long. */
  leaseMs?: number;
  /** Listing passes tried when upstream changes while being paged. */
  maxPasses?: number;
  /** Attempts at one run before the next sync starts over instead of resuming it. */
  maxAttempts?: number;
  /** Checkpoints older than this are not resumed (the data would be stale). */
  maxResumeAgeMs?: number;
  /** Stop at the next checkpoint after this long (status "interrupted", resumable): for time-boxed runners. */
  timeLimitMs?: number;
  signal?: AbortSignal;
  progress?: ProgressReporter;
}

/** Another sync holds the lock. */
export class SyncBusyError extends Error {
  readonly runId: string | undefined;
  constructor(runId: string | undefined) {
    super(`a taxonomy sync is already running${runId ? ` (${runId})` : ""}`);
    this.name = "SyncBusyError";
    this.runId = runId;
  }
}

export interface StartedSync {
  run: SyncRun;
  resumed: boolean;
  /** Settles with the final run record (succeeded, failed or interrupted); never rejects. */
  done: Promise<SyncRun>;
}

type Kind = "occupation" | "skill";
const KINDS: Kind[] = ["occupation", "skill"];

interface ListingCursor {
  pass: number;
  offset: number;
  /** Total reported by the first page of the pass. */
  total?: number;
  /** False once a page reported another total: items moved while we paged. */
  stable: boolean;
  done: boolean;
  finalPass?: number;
}

interface SyncCursor {
  format: number;
  pageSize: number;
  occupation: ListingCursor;
  skill: ListingCursor;
  groups: boolean;
}

/** One listed page as checkpointed: the URIs it listed and the resources fetched for URIs not seen before. */
interface PageCheckpoint {
  uris: string[];
  records: (FetchedOccupation | FetchedSkill)[];
  /** Listed URIs whose resource answered 404 (removed between listing and fetching). */
  missing: string[];
}

const CURSOR_FORMAT = 1;
const ISCO_URI = "http://data.europa.eu/esco/isco/C";
const pad = (n: number, width: number) => String(n).padStart(width, "0");
const pageKey = (kind: Kind, pass: number, offset: number) => `list#${kind}#${pad(pass, 2)}#${pad(offset, 9)}`;
const passPrefix = (kind: Kind, pass: number) => `list#${kind}#${pad(pass, 2)}#`;

const newListing = (): ListingCursor => ({ pass: 1, offset: 0, stable: true, done: false });

class SyncFailure extends Error {}
class LeaseLost extends Error {}

const recordUri = (r: FetchedOccupation | FetchedSkill): string => ("occupation" in r ? r.occupation.uri : r.skill.uri);

/**
 * Starts a sync from the ESCO web service: takes the sync lock, resumes the last unfinished run (or creates one),
 * and returns once the run is recorded; the work continues in `done`.
 *
 * The run pages through /search for occupations, then skills, fetching each new concept's resource; after every page
 * it checkpoints the page (URIs + fetched resources) and then the cursor, so an interrupted run continues from its
 * last page. A listing that changes while being paged (its total moves, a URI shows up twice or goes missing) is paged
 * again, reusing what was fetched, until one pass is consistent or matches the pass before. The catalogue is built
 * with the same mapping as the CSV import; a new version is written and activated only when its content hash differs
 * from the active version's.
 */
export async function startTaxonomySync(catalogues: CatalogueRepository, options: TaxonomySyncOptions = {}): Promise<StartedSync> {
  const syncs = catalogues.syncs;
  const baseUrl = (options.baseUrl ?? escoApiUrlFrom()).replace(/\/+$/, "");
  const leaseMs = options.leaseMs ?? 120_000;
  const owner = randomUUID();
  if (!(await syncs.acquireLock(owner, leaseMs))) throw new SyncBusyError((await syncs.lock())?.runId);

  let run: SyncRun;
  let resumed = false;
  try {
    const previous = await previousRun(catalogues, baseUrl, owner, options);
    const now = new Date().toISOString();
    if (previous) {
      run = { ...previous, status: "running", attempts: previous.attempts + 1, updatedAt: now };
      delete run.finishedAt;
      if (previous.status === "running") {
        run.errors.push({
          at: now,
          attempt: previous.attempts,
          message: "the attempt ended without recording why (its process stopped); resumed from the last checkpoint",
          fatal: true,
        });
      }
      await syncs.saveRun(run, owner, "takeOver");
      resumed = true;
    } else {
      const cursor: SyncCursor = {
        format: CURSOR_FORMAT,
        pageSize: options.pageSize ?? 100,
        occupation: newListing(),
        skill: newListing(),
        groups: false,
      };
      run = {
        id: syncs.newRunId(),
        status: "running",
        trigger: options.trigger ?? "cli",
        source: baseUrl,
        createdAt: now,
        updatedAt: now,
        attempts: 1,
        phase: "occupations",
        cursor: cursor as unknown as Record<string, unknown>,
        counts: { occupations: 0, skills: 0, pages: 0, requests: 0, retries: 0, missing: 0 },
        errors: [],
        warnings: [],
      };
      await syncs.saveRun(run, owner, "create");
    }
    await syncs.renewLock(owner, leaseMs, run.id);
  } catch (err) {
    await syncs.releaseLock(owner);
    throw err;
  }
  const started = { ...run };
  return { run: started, resumed, done: execute(catalogues, run, owner, baseUrl, leaseMs, options) };
}

/** Runs a sync to its end (the function a scheduler calls); resolves with the final run record. */
export async function runTaxonomySync(catalogues: CatalogueRepository, options: TaxonomySyncOptions = {}): Promise<SyncRun> {
  return (await startTaxonomySync(catalogues, options)).done;
}

/**
 * The last run, when it did not finish and may be continued: same upstream, recent, not retried too often. A last run
 * that will not be continued is closed (a "running" one belonged to a process that died: we hold the lock) and its
 * checkpoints dropped.
 */
async function previousRun(
  catalogues: CatalogueRepository,
  baseUrl: string,
  owner: string,
  options: TaxonomySyncOptions,
): Promise<SyncRun | undefined> {
  const [last] = await catalogues.syncs.listRuns(1);
  if (!last || last.status === "succeeded") return undefined;
  const cursor = last.cursor as unknown as Partial<SyncCursor>;
  const continuable =
    !options.fresh &&
    last.source === baseUrl &&
    cursor.format === CURSOR_FORMAT &&
    last.attempts < (options.maxAttempts ?? 5) &&
    Date.now() - Date.parse(last.createdAt) < (options.maxResumeAgeMs ?? 24 * 3600_000);
  if (continuable) return last;
  if (last.status === "running") {
    const now = new Date().toISOString();
    const closed: SyncRun = { ...last, status: "failed", finishedAt: now, updatedAt: now };
    closed.errors = [
      ...last.errors,
      { at: now, attempt: last.attempts, message: "abandoned: its process stopped and a new sync started over", fatal: true },
    ];
    await catalogues.syncs.saveRun(closed, owner, "takeOver");
  }
  await catalogues.syncs.deleteCheckpoints(last.id).catch(() => {});
  return undefined;
}

async function execute(
  catalogues: CatalogueRepository,
  run: SyncRun,
  owner: string,
  baseUrl: string,
  leaseMs: number,
  options: TaxonomySyncOptions,
): Promise<SyncRun> {
  const syncs = catalogues.syncs;
  const progress = options.progress ?? silentProgress;
  const cursor = run.cursor as unknown as SyncCursor;
  const attempt = run.attempts;
  const stop = new AbortController();
  const signals = [stop.signal, ...(options.signal ? [options.signal] : [])];
  if (options.timeLimitMs !== undefined) signals.push(AbortSignal.timeout(options.timeLimitMs));
  const signal = AbortSignal.any(signals);

  const heartbeat = setInterval(() => {
    syncs.renewLock(owner, leaseMs, run.id).then(
      (ok) => {
        if (!ok) stop.abort(new LeaseLost("the sync lock was taken over by another process"));
      },
      () => {
        // A missed renewal is retried on the next beat; the lease outlasts a few of them.
      },
    );
  }, Math.max(1000, Math.floor(leaseMs / 3)));
  heartbeat.unref();

  const note = (error: Omit<SyncRunError, "at" | "attempt">) => {
    run.errors.push({ at: new Date().toISOString(), attempt, ...error });
    if (run.errors.length > 100) run.errors.splice(0, run.errors.length - 50);
  };
  const client = new EscoApiClient({
    baseUrl,
    language: options.language,
    selectedVersion: options.selectedVersion,
    retry: options.retry,
    requestTimeoutMs: options.requestTimeoutMs,
    signal,
    onRetry: ({ error, delayMs }) => note({ message: `${error.message}; retrying in ${delayMs} ms`, fatal: false }),
  });
  const baseCounts = { requests: run.counts.requests ?? 0, retries: run.counts.retries ?? 0 };
  const save = async () => {
    run.counts.requests = baseCounts.requests + client.stats.requests;
    run.counts.retries = baseCounts.retries + client.stats.retries;
    run.updatedAt = new Date().toISOString();
    await syncs.saveRun(run, owner);
  };

  try {
    // Everything fetched so far (resumed runs continue from their checkpoints).
    const pages = new Map<string, PageCheckpoint>();
    let groups: EscoIscoGroup[] = [];
    for (const [key, value] of await syncs.readCheckpoints(run.id)) {
      if (key === "groups") groups = (value as { groups: EscoIscoGroup[] }).groups;
      else pages.set(key, value as PageCheckpoint);
    }
    const fetched = { occupation: new Map<string, FetchedOccupation>(), skill: new Map<string, FetchedSkill>() };
    const gone = new Set<string>();
    const absorb = (cp: PageCheckpoint) => {
      for (const r of cp.records) {
        if ("occupation" in r) fetched.occupation.set(recordUri(r), r);
        else fetched.skill.set(recordUri(r), r);
      }
      for (const m of cp.missing) gone.add(m);
    };
    for (const cp of pages.values()) absorb(cp);
    const passUris = (kind: Kind, pass: number): string[] =>
      [...pages].filter(([k]) => k.startsWith(passPrefix(kind, pass))).flatMap(([, v]) => v.uris);

    const endOfPass = (kind: Kind, cur: ListingCursor) => {
      const seen = passUris(kind, cur.pass);
      const unique = new Set(seen);
      const consistent = cur.stable && unique.size === seen.length && unique.size === cur.total;
      const before = cur.pass > 1 ? new Set(passUris(kind, cur.pass - 1)) : undefined;
      const repeated = before !== undefined && before.size === unique.size && [...unique].every((u) => before.has(u));
      if (consistent || repeated) {
        cur.done = true;
        cur.finalPass = cur.pass;
        return;
      }
      const why = !cur.stable
        ? "its total changed"
        : unique.size !== seen.length
          ? `${seen.length - unique.size} entries were listed twice`
          : `${unique.size} entries were listed of ${cur.total}`;
      if (cur.pass >= (options.maxPasses ?? 3)) {
        throw new SyncFailure(`the ${kind} listing kept changing while it was paged (${cur.pass} passes; last: ${why})`);
      }
      run.warnings.push(`${kind} listing changed while it was paged (${why}); listed again`);
      Object.assign(cur, { pass: cur.pass + 1, offset: 0, total: undefined, stable: true });
    };

    for (const kind of KINDS) {
      const cur = cursor[kind];
      run.phase = `${kind}s`;
      let task: ProgressTask | undefined;
      while (!cur.done) {
        signal.throwIfAborted();
        const page = await client.search(kind, cur.offset, cursor.pageSize);
        if (cur.total === undefined) cur.total = page.total;
        else if (page.total !== cur.total) {
          cur.stable = false;
          cur.total = page.total;
        }
        task ??= progress.task(`listing ${kind}s (pass ${cur.pass})`, page.total, "items");
        const todo = page.uris.filter((u) => !fetched[kind].has(u) && !gone.has(u));
        const results = await mapLimited(
          todo,
          options.concurrency ?? 4,
          (uri): Promise<FetchedOccupation | FetchedSkill | undefined> =>
            kind === "occupation" ? client.occupation(uri) : client.skill(uri),
        );
        const cp: PageCheckpoint = {
          uris: page.uris,
          records: results.filter((r): r is FetchedOccupation | FetchedSkill => r !== undefined),
          missing: todo.filter((_, i) => results[i] === undefined),
        };
        const key = pageKey(kind, cur.pass, cur.offset);
        await syncs.putCheckpoint(run.id, key, cp);
        pages.set(key, cp);
        absorb(cp);

        cur.offset += cursor.pageSize;
        run.counts.pages = (run.counts.pages ?? 0) + 1;
        run.counts[`${kind}s`] = fetched[kind].size;
        run.counts.missing = gone.size;
        task.update(Math.min(cur.offset, page.total));
        const pass = cur.pass;
        if (page.uris.length === 0 || cur.offset >= page.total) endOfPass(kind, cur);
        await save();
        if (cur.pass !== pass || cur.done) {
          task.finish();
          task = undefined;
        }
      }
    }

    const finalUris = (kind: Kind) => [...new Set(passUris(kind, cursor[kind].finalPass!))];

    if (!cursor.groups) {
      run.phase = "groups";
      signal.throwIfAborted();
      const codes = [
        ...new Set(
          finalUris("occupation")
            .map((u) => fetched.occupation.get(u)?.occupation.iscoGroup?.slice(0, 2))
            .filter((c): c is string => c?.length === 2),
        ),
      ].sort();
      const labels = await mapLimited(codes, options.concurrency ?? 4, (code) => client.conceptLabel(`${ISCO_URI}${code}`));
      groups = codes.flatMap((code, i) => (labels[i] ? [{ code, label: labels[i] }] : []));
      await syncs.putCheckpoint(run.id, "groups", { groups });
      cursor.groups = true;
      await save();
    }

    run.phase = "build";
    signal.throwIfAborted();
    const builder = new EscoCatalogueBuilder();
    for (const uri of finalUris("occupation")) {
      const r = fetched.occupation.get(uri);
      if (!r) continue;
      builder.addOccupation(r.occupation, `occupation ${uri}`);
      for (const rel of r.skills) builder.addOccupationSkill(rel);
    }
    for (const uri of finalUris("skill")) {
      const r = fetched.skill.get(uri);
      if (!r) continue;
      builder.addSkill(r.skill, `skill ${uri}`);
      for (const rel of r.related) builder.addSkillRelation(rel);
    }
    for (const g of groups) builder.addIscoGroup(g);
    const { data, report } = builder.build(`esco-api:${baseUrl}`);
    if (!data.titles.length || !data.skills.length) {
      throw new SyncFailure(
        `upstream listed ${data.titles.length} occupations and ${data.skills.length} skills; the active catalogue is kept`,
      );
    }
    run.warnings.push(...report.warnings.filter((w) => !run.warnings.includes(w)));
    if (gone.size) run.warnings.push(`${gone.size} listed concepts answered 404 and were left out`);

    const previous = await catalogues.activeVersion();
    const { changed } = await storeAndActivate(catalogues, data, previous, progress);
    Object.assign(run, { status: "succeeded", phase: "done", version: data.version, previousVersion: previous, changed });
    run.counts.titles = data.titles.length;
    run.counts.catalogueSkills = data.skills.length;
    run.finishedAt = new Date().toISOString();
    await save();
    await syncs.deleteCheckpoints(run.id).catch(() => {});
    progress.note(changed ? `catalogue version ${data.version} is now active` : `no change: version ${data.version} stays active`);
  } catch (err) {
    const reason = signal.aborted ? signal.reason : err;
    if (reason instanceof LeaseLost) {
      progress.note(`sync ${run.id} stopped: ${reason.message}`);
      return run;
    }
    const interrupted = signal.aborted;
    run.status = interrupted ? "interrupted" : "failed";
    run.finishedAt = new Date().toISOString();
    const message = interrupted
      ? `interrupted: ${reason instanceof Error ? reason.message : String(reason)}; the next sync resumes from the last checkpoint`
      : (err as Error).message;
    note({ message, fatal: true });
    await save().catch((e: Error) => progress.note(`could not record the sync's end: ${e.message}`));
  } finally {
    clearInterval(heartbeat);
    await syncs.releaseLock(owner).catch(() => {});
  }
  return run;
}

/** Maps with at most `concurrency` calls in flight; after a failure, queued calls are skipped. */
async function mapLimited<T, R>(items: readonly T[], concurrency: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const limit = pLimit(Math.max(1, concurrency));
  let failed = false;
  return Promise.all(
    items.map((item) =>
      limit(async () => {
        if (failed) throw new Error("skipped after an earlier failure");
        try {
          return await fn(item);
        } catch (err) {
          failed = true;
          throw err;
        }
      }),
    ),
  );
}
