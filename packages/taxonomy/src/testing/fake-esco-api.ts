import { mkdirSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { ESCO_CSV_FILES, type EscoCsvKind, type EscoCsvRow } from "@winnow/core/catalogue/esco";
import { findEscoCsvFiles, readCsvFile } from "../esco-csv.ts";

/**
 * A stand-in for the ESCO web service, for tests and local trials: real HTTP on 127.0.0.1, the endpoints the sync
 * calls (/search, /resource/occupation|skill|concept) in ESCO's HAL JSON shapes, serving rows of the CSV export, with
 * injectable faults (status codes with Retry-After, connections dropped mid-body, listings that shift while paged).
 */

export interface EscoExport {
  headers: Partial<Record<EscoCsvKind, string[]>>;
  occupations: EscoCsvRow[];
  skills: EscoCsvRow[];
  occupationSkills: EscoCsvRow[];
  skillSkills: EscoCsvRow[];
  iscoGroups: EscoCsvRow[];
}

/** Reads the CSV files of an export directory, as rows keyed by header. */
export async function loadEscoExport(dir: string): Promise<EscoExport> {
  const out: EscoExport = { headers: {}, occupations: [], skills: [], occupationSkills: [], skillSkills: [], iscoGroups: [] };
  for (const file of findEscoCsvFiles(dir)) {
    const rows = out[file.kind];
    await readCsvFile(file, ESCO_CSV_FILES[file.kind].columns, (row) => {
      out.headers[file.kind] ??= Object.keys(row);
      rows.push(row);
    });
  }
  return out;
}

/**
 * A self-contained slice of an export: `occupations` occupations (in URI order, optionally filtered), every skill
 * they link to, the skill–skill relations among those skills, and the ISCO groups above the occupations.
 */
export function escoSubset(full: EscoExport, options: { occupations: number; where?: (row: EscoCsvRow) => boolean }): EscoExport {
  const occupations = full.occupations
    .filter((r) => options.where?.(r) ?? true)
    .sort((a, b) => (a.conceptUri! < b.conceptUri! ? -1 : 1))
    .slice(0, options.occupations);
  const occUris = new Set(occupations.map((o) => o.conceptUri));
  const occupationSkills = full.occupationSkills.filter((r) => occUris.has(r.occupationUri));
  const skillUris = new Set(occupationSkills.map((r) => r.skillUri));
  const skills = full.skills.filter((s) => skillUris.has(s.conceptUri));
  const skillSkills = full.skillSkills.filter((r) => skillUris.has(r.originalSkillUri) && skillUris.has(r.relatedSkillUri));
  const codes = new Set(occupations.flatMap((o) => [1, 2, 3, 4].map((n) => (o.iscoGroup ?? "").slice(0, n))));
  const iscoGroups = full.iscoGroups.filter((g) => codes.has(g.code ?? ""));
  return { headers: full.headers, occupations, skills, occupationSkills, skillSkills, iscoGroups };
}

const csvField = (v: string | undefined) => `"${(v ?? "").replaceAll('"', '""')}"`;

/** Writes an export as ESCO does: UTF-8, quoted fields (line breaks inside them kept), CRLF between rows. */
export function writeEscoCsv(dir: string, data: EscoExport, kinds: EscoCsvKind[] = Object.keys(ESCO_CSV_FILES) as EscoCsvKind[]): void {
  mkdirSync(dir, { recursive: true });
  for (const kind of kinds) {
    const header = data.headers[kind] ?? [...ESCO_CSV_FILES[kind].columns];
    const lines = [header.join(","), ...data[kind].map((row) => header.map((h) => csvField(row[h])).join(","))];
    writeFileSync(join(dir, ESCO_CSV_FILES[kind].names[0]), `${lines.join("\r\n")}\r\n`);
  }
}

export type FakeFault =
  /** Answer with this status (and Retry-After, if given) instead of the data. */
  | { kind: "status"; status: number; retryAfter?: string }
  /** Send the headers and half the body, then destroy the connection. */
  | { kind: "drop" }
  /** Never answer (until the server closes): for client timeouts. */
  | { kind: "stall" }
  /** For /search: serve the page from the listing without these URIs (as if they were removed, then came back). */
  | { kind: "hide"; uris: string[] };

export interface FakeRequest {
  seq: number;
  path: string;
  params: URLSearchParams;
  /** How many times this exact URL was requested, this one included. */
  count: number;
}

export interface FakeLogEntry {
  seq: number;
  at: number;
  url: string;
  status: number;
  fault?: FakeFault["kind"];
}

export interface FakeEscoApi {
  url: string;
  /**
   * The data served. Edit rows in place to change content between requests; assign a new export to add or remove
   * concepts (the lookup indexes are rebuilt when the object changes).
   */
  data: EscoExport;
  log: FakeLogEntry[];
  /** Replaces the fault plan. */
  setFault(fault: ((req: FakeRequest) => FakeFault | undefined) | undefined): void;
  /** Forgets the log, the per-URL request counts and the request sequence. */
  reset(): void;
  close(): Promise<void>;
}

const ESCO = "http://data.europa.eu/esco";
const labels = (value: string | undefined) =>
  (value ?? "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

interface Indexes {
  occupations: Map<string, EscoCsvRow>;
  skills: Map<string, EscoCsvRow>;
  groups: Map<string, EscoCsvRow>;
  occupationLinks: Map<string, EscoCsvRow[]>;
  skillLinks: Map<string, EscoCsvRow[]>;
}

function index(data: EscoExport): Indexes {
  const group = <K extends string>(rows: EscoCsvRow[], key: K) => {
    const m = new Map<string, EscoCsvRow[]>();
    for (const r of rows) {
      const k = r[key] ?? "";
      const list = m.get(k);
      if (list) list.push(r);
      else m.set(k, [r]);
    }
    return m;
  };
  return {
    occupations: new Map(data.occupations.map((r) => [r.conceptUri ?? "", r])),
    skills: new Map(data.skills.map((r) => [r.conceptUri ?? "", r])),
    groups: new Map(data.iscoGroups.map((r) => [`${ESCO}/isco/C${r.code}`, r])),
    occupationLinks: group(data.occupationSkills, "occupationUri"),
    skillLinks: group(data.skillSkills, "originalSkillUri"),
  };
}

export async function startFakeEscoApi(options: {
  data: EscoExport;
  fault?: (req: FakeRequest) => FakeFault | undefined;
}): Promise<FakeEscoApi> {
  let fault = options.fault;
  const counts = new Map<string, number>();
  const log: FakeLogEntry[] = [];
  let seq = 0;
  let origin = "";
  let indexed: { data: EscoExport; idx: Indexes } | undefined;
  const api: FakeEscoApi = {
    url: "",
    data: options.data,
    log,
    setFault: (f) => {
      fault = f;
    },
    reset: () => {
      log.length = 0;
      counts.clear();
      seq = 0;
    },
    close: async () => {},
  };

  const href = (path: string, uri: string) => `${origin}${path}?uri=${encodeURIComponent(uri)}&language=en`;
  const skillLink = (uri: string, idx: Indexes) => {
    const s = idx.skills.get(uri);
    return {
      href: href("/resource/skill", uri),
      uri,
      title: s?.preferredLabel ?? "",
      skillType: `${ESCO}/skill-type/${s?.skillType === "knowledge" ? "knowledge" : "skill"}`,
    };
  };
  // Upstream's link and label order is not the CSV's; serving them reversed keeps the mapping honest about that.
  const links = (rows: EscoCsvRow[], kind: string, target: string, idx: Indexes) =>
    rows
      .filter((r) => r.relationType === kind)
      .map((r) => skillLink(r[target] ?? "", idx))
      .reverse();

  const occupationJson = (row: EscoCsvRow, idx: Indexes) => {
    const uri = row.conceptUri!;
    const group = idx.groups.get(`${ESCO}/isco/C${row.iscoGroup}`);
    const rel = idx.occupationLinks.get(uri) ?? [];
    return {
      className: "Occupation",
      classId: `${ESCO}/model#Occupation`,
      uri,
      title: row.preferredLabel,
      referenceLanguage: ["en"],
      code: row.code,
      preferredLabel: { en: row.preferredLabel },
      alternativeLabel: { en: labels(row.altLabels).reverse() },
      ...(row.hiddenLabels ? { hiddenLabel: { en: labels(row.hiddenLabels) } } : {}),
      description: { en: { literal: row.description ?? "", mimetype: "plain/text" } },
      status: row.status ?? "released",
      _links: {
        self: { href: href("/resource/occupation", uri), uri, title: row.preferredLabel },
        ...(row.iscoGroup
          ? {
              broaderIscoGroup: [
                { href: href("/resource/concept", `${ESCO}/isco/C${row.iscoGroup}`), uri: `${ESCO}/isco/C${row.iscoGroup}`, title: group?.preferredLabel ?? "", code: row.iscoGroup },
              ],
            }
          : {}),
        hasEssentialSkill: links(rel, "essential", "skillUri", idx),
        hasOptionalSkill: links(rel, "optional", "skillUri", idx),
      },
    };
  };

  const skillJson = (row: EscoCsvRow, idx: Indexes) => {
    const uri = row.conceptUri!;
    const rel = idx.skillLinks.get(uri) ?? [];
    const schemes = (row.inScheme ?? "").split(/[\s,]+/).filter(Boolean);
    return {
      className: "Skill",
      classId: `${ESCO}/model#Skill`,
      uri,
      title: row.preferredLabel,
      referenceLanguage: ["en"],
      preferredLabel: { en: row.preferredLabel },
      alternativeLabel: { en: labels(row.altLabels).reverse() },
      description: { en: { literal: row.description ?? "", mimetype: "plain/text" } },
      status: row.status ?? "released",
      _links: {
        self: { href: href("/resource/skill", uri), uri, title: row.preferredLabel },
        ...(row.skillType
          ? { hasSkillType: [{ uri: `${ESCO}/skill-type/${row.skillType === "knowledge" ? "knowledge" : "skill"}`, title: row.skillType }] }
          : {}),
        ...(row.reuseLevel ? { hasReuseLevel: [{ uri: `${ESCO}/skill-reuse-level/${row.reuseLevel}`, title: row.reuseLevel }] } : {}),
        isInScheme: schemes.map((s) => ({ uri: s, href: `${origin}/resource/taxonomy?uri=${encodeURIComponent(s)}` })),
        hasEssentialSkill: links(rel, "essential", "relatedSkillUri", idx),
        hasOptionalSkill: links(rel, "optional", "relatedSkillUri", idx),
      },
    };
  };

  const searchJson = (params: URLSearchParams, hidden: Set<string>, idx: Indexes) => {
    const type = params.get("type");
    const source = type === "occupation" ? idx.occupations : type === "skill" ? idx.skills : undefined;
    if (!source) return undefined;
    const limit = Math.min(Number(params.get("limit") ?? 20) || 20, 500);
    const offset = Number(params.get("offset") ?? 0) || 0;
    const listing = [...source.values()].filter((r) => !hidden.has(r.conceptUri!)).sort((a, b) => (a.conceptUri! < b.conceptUri! ? -1 : 1));
    const results = listing.slice(offset, offset + limit).map((r) => ({
      className: type === "occupation" ? "Occupation" : "Skill",
      uri: r.conceptUri,
      title: r.preferredLabel,
      searchHit: r.preferredLabel,
      _links: { self: { href: href(`/resource/${type}`, r.conceptUri!), uri: r.conceptUri, title: r.preferredLabel } },
    }));
    const page = (o: number) => ({ href: `${origin}/search?type=${type}&language=en&limit=${limit}&offset=${o}` });
    return {
      total: listing.length,
      offset,
      limit,
      language: "en",
      _links: { self: page(offset), ...(offset + limit < listing.length ? { next: page(offset + limit) } : {}) },
      _embedded: { results },
    };
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", origin);
    const n = (counts.get(url.href) ?? 0) + 1;
    counts.set(url.href, n);
    const entry: FakeLogEntry = { seq: ++seq, at: Date.now(), url: url.pathname + url.search, status: 200 };
    log.push(entry);
    const f = fault?.({ seq: entry.seq, path: url.pathname, params: url.searchParams, count: n });
    if (f) entry.fault = f.kind;

    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      entry.status = status;
      const text = JSON.stringify(body);
      res.writeHead(status, { "content-type": "application/hal+json;charset=UTF-8", "content-length": Buffer.byteLength(text), ...headers });
      if (f?.kind === "drop") {
        res.write(text.slice(0, Math.floor(text.length / 2)));
        res.socket?.destroy();
        return;
      }
      res.end(text);
    };
    if (f?.kind === "stall") {
      entry.status = 0;
      return;
    }
    if (f?.kind === "status") {
      return send(f.status, { message: `injected ${f.status}` }, f.retryAfter ? { "retry-after": f.retryAfter } : {});
    }

    if (indexed?.data !== api.data) indexed = { data: api.data, idx: index(api.data) };
    const idx = indexed.idx;
    const uri = url.searchParams.get("uri") ?? "";
    let body: unknown;
    if (url.pathname === "/search") body = searchJson(url.searchParams, new Set(f?.kind === "hide" ? f.uris : []), idx);
    else if (url.pathname === "/resource/occupation") body = idx.occupations.has(uri) ? occupationJson(idx.occupations.get(uri)!, idx) : undefined;
    else if (url.pathname === "/resource/skill") body = idx.skills.has(uri) ? skillJson(idx.skills.get(uri)!, idx) : undefined;
    else if (url.pathname === "/resource/concept") {
      const g = idx.groups.get(uri);
      body = g && { className: "Concept", uri, title: g.preferredLabel, code: g.code, preferredLabel: { en: g.preferredLabel }, _links: { self: { href: href("/resource/concept", uri), uri } } };
    }
    if (body === undefined) return send(404, { message: `nothing at ${url.pathname}${uri ? ` for ${uri}` : ""}` });
    send(200, body);
  };

  const server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api.url = origin;
  api.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return api;
}
