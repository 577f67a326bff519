import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule, { type FormatsPlugin } from "ajv-formats";

// ajv-formats is CommonJS: under nodenext its typed default import is the module object, while at run time Node
// hands over module.exports, the plugin itself (which also carries itself as `.default`).
const addFormats = ((addFormatsModule as unknown as { default?: FormatsPlugin }).default ?? addFormatsModule) as FormatsPlugin;

interface MediaType {
  schema?: unknown;
}
interface HeaderObject {
  required?: boolean;
}
interface ResponseObject {
  content?: Record<string, MediaType>;
  headers?: Record<string, HeaderObject>;
}
interface Operation {
  responses: Record<string, ResponseObject>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/** One checked response: which operation it belongs to and every way it broke the document. */
export interface ContractResult {
  operation: string;
  status: number;
  problems: string[];
}

// application/json and structured +json types; not JSON Lines (application/x-ndjson), whose body is text.
const isJsonMedia = (media: string) => /^application\/(?:[\w.-]+\+)?json$/i.test(media);

const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

const describeError = (e: ErrorObject): string => {
  const where = e.instancePath || "(body)";
  const params = e.params as { additionalProperty?: string; unevaluatedProperty?: string };
  const extra = params.additionalProperty ?? params.unevaluatedProperty;
  const detail = extra === undefined ? "" : ` '${extra}'`;
  return `${where}: ${e.message ?? e.keyword}${detail} [schema ${e.schemaPath}]`;
};

type Schema = Record<string, unknown>;
const isSchema = (v: unknown): v is Schema => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Marks every object schema of the document closed (`unevaluatedProperties: false`) unless it says otherwise. The
 * generated schemas leave objects open, so without this a response could carry fields the document never mentions
 * and still pass; generated clients drop such fields silently, which is the drift this test exists to catch.
 * `unevaluatedProperties` sees through `allOf`, so a composed schema is closed at its root; the members of an
 * `allOf` (and the components used as one) stay open, or each would refuse the other members' properties.
 */
export function closeObjects<T extends { components?: { schemas?: Record<string, Schema> }; paths: unknown }>(doc: T): T {
  const composedRefs = new Set<string>();
  const findComposed = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(findComposed);
    if (!isSchema(node)) return;
    const members = (Array.isArray(node.allOf) ? node.allOf : []).filter(isSchema);
    // An allOf that only annotates a $ref (a description beside it) adds no properties: its component may stay closed.
    const addsProperties = members.filter((m) => "$ref" in m || "properties" in m || "allOf" in m).length > 1;
    if (addsProperties) for (const member of members) if (typeof member.$ref === "string") composedRefs.add(member.$ref);
    Object.values(node).forEach(findComposed);
  };
  findComposed(doc);

  const close = (schema: unknown, open: boolean): void => {
    if (!isSchema(schema)) return;
    const isObject = schema.type === "object" || isSchema(schema.properties) || Array.isArray(schema.allOf);
    if (isObject && !open && !("additionalProperties" in schema) && !("unevaluatedProperties" in schema)) schema.unevaluatedProperties = false;
    for (const child of Object.values(isSchema(schema.properties) ? schema.properties : {})) close(child, false);
    close(schema.items, false);
    if (isSchema(schema.additionalProperties)) close(schema.additionalProperties, false);
    for (const member of Array.isArray(schema.allOf) ? schema.allOf : []) close(member, true);
    for (const key of ["anyOf", "oneOf"] as const) for (const member of Array.isArray(schema[key]) ? schema[key] : []) close(member, false);
  };
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) close(schema, composedRefs.has(`#/components/schemas/${name}`));
  const walkPaths = (node: unknown, key = ""): void => {
    if (!isSchema(node)) return;
    if (key === "schema") return close(node, false);
    for (const [k, v] of Object.entries(node)) walkPaths(v, k);
  };
  walkPaths(doc.paths);
  return doc;
}

/**
 * Checks real responses against an OpenAPI 3.1 document. The whole document is registered with Ajv as one
 * resource, so response schemas are compiled by JSON pointer and their `#/components/...` $refs resolve in place.
 */
export class ContractChecker {
  readonly #doc: OpenApiDocument;
  readonly #ajv: Ajv2020;
  readonly #id: string;
  readonly #compiled = new Map<string, ValidateFunction>();
  /** Every (operation, status) checked so far, for the coverage assertions. */
  readonly seen = new Map<string, Set<number>>();

  constructor(doc: OpenApiDocument, id: string) {
    this.#doc = doc;
    this.#id = id;
    // strict: false because the document carries OpenAPI keywords (paths, example, …) that are not JSON Schema.
    this.#ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.#ajv);
    this.#ajv.addSchema(closeObjects(structuredClone(doc)) as object, id);
  }

  operations(): string[] {
    return Object.entries(this.#doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
  }

  #operation(operation: string): Operation {
    const [method, path] = operation.split(" ") as [string, string];
    const op = this.#doc.paths[path]?.[method.toLowerCase()];
    if (!op) throw new Error(`${this.#id}: no operation ${operation} in the document`);
    return op;
  }

  /** Validates one response (its body is read from a clone, so the caller can still read it). */
  async check(operation: string, res: Response): Promise<ContractResult> {
    const [method, path] = operation.split(" ") as [string, string];
    const op = this.#operation(operation);
    const status = res.status;
    const problems: string[] = [];
    const statuses = this.seen.get(operation) ?? new Set<number>();
    statuses.add(status);
    this.seen.set(operation, statuses);

    const key = op.responses[String(status)] ? String(status) : op.responses[`${String(status)[0]}XX`] ? `${String(status)[0]}XX` : op.responses.default ? "default" : undefined;
    const body = await res.clone().text();
    if (!key) {
      problems.push(`status ${status} is not documented (documented: ${Object.keys(op.responses).join(", ")}); body: ${body.slice(0, 300)}`);
      return { operation, status, problems };
    }
    const documented = op.responses[key]!;
    for (const [name, header] of Object.entries(documented.headers ?? {})) {
      if (header.required && !res.headers.has(name)) problems.push(`required header ${name} is missing`);
    }
    const contentType = (res.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    const media = documented.content ?? {};
    if (Object.keys(media).length === 0) {
      if (body.length > 0) problems.push(`documents no body but got ${contentType || "untyped"} content`);
      return { operation, status, problems };
    }
    const mediaKey = Object.keys(media).find((m) => m.toLowerCase() === contentType);
    if (!mediaKey) {
      problems.push(`Content-Type '${contentType}' is not one of ${Object.keys(media).join(", ")}`);
      return { operation, status, problems };
    }
    if (!media[mediaKey]!.schema) return { operation, status, problems };
    const validate = this.#validator(pointer("#", "paths", path, method.toLowerCase(), "responses", key, "content", mediaKey, "schema"));
    let value: unknown = body;
    if (isJsonMedia(mediaKey)) {
      try {
        value = JSON.parse(body);
      } catch {
        problems.push(`body is not JSON: ${body.slice(0, 200)}`);
        return { operation, status, problems };
      }
    }
    if (!validate(value)) problems.push(...(validate.errors ?? []).map(describeError));
    return { operation, status, problems };
  }

  /**
   * Validates a value against the data schema of another operation's JSON response: for bodies the document can only
   * describe as text, such as each line of a JSON Lines export.
   */
  validateAs(operation: string, status: number, value: unknown): string[] {
    const [method, path] = operation.split(" ") as [string, string];
    const validate = this.#validator(pointer("#", "paths", path, method.toLowerCase(), "responses", String(status), "content", "application/json", "schema", "properties", "data"));
    return validate(value) ? [] : (validate.errors ?? []).map(describeError);
  }

  #validator(ref: string): ValidateFunction {
    let fn = this.#compiled.get(ref);
    if (!fn) {
      fn = this.#ajv.compile({ $ref: `${this.#id}${ref}` });
      this.#compiled.set(ref, fn);
    }
    return fn;
  }
}

/** A readable report of every failed check, or "" when all passed. */
export function formatFailures(results: ContractResult[]): string {
  return results
    .filter((r) => r.problems.length > 0)
    .map((r) => `✗ ${r.operation} → ${r.status}\n${r.problems.map((p) => `    ${p}`).join("\n")}`)
    .join("\n");
}
