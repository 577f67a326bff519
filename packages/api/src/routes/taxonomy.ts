import { createRoute, z } from "@hono/zod-openapi";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { isUuidShaped } from "@winnow/core/catalogue/ids";
import { partitionPoint } from "@winnow/core/partition-point";
import type { Skill } from "@winnow/core/catalogue/types";
import { requireScope } from "../auth.ts";
import { ApiError } from "../errors.ts";
import type { AppEnv } from "../env.ts";
import { decodeCursor, encodeCursor, parseLimit, setNextLink } from "../pagination.ts";
import {
  InspectBody,
  NormalizeBody,
  NormalizedTitleSchema,
  PageQuery,
  RelatedBody,
  RelatedSkillSchema,
  SkillSchema,
  TitleDetailSchema,
  TitleSummarySchema,
  Uuid,
  envelope,
} from "../schemas.ts";
import { checkUuidParam, errorResponses, jsonRequest, security } from "./common.ts";

export const TITLE_PAGE = { default: 50, max: 200 } as const;

const skillOut = (s: Skill) => ({ id: s.id, name: s.name, description: s.description, type: { name: s.type } });


const getSkill = createRoute({
  method: "get",
  path: "/skills/{id}",
  tags: ["Skills"],
  operationId: "getSkill",
  summary: "Get one skill",
  security,
  request: { params: z.object({ id: Uuid.openapi({ param: { name: "id", in: "path" } }) }) },
  responses: {
    200: { description: "The skill", content: { "application/json": { schema: envelope(SkillSchema) } } },
    ...errorResponses(400, 401, 403, 404, 503),
  },
});

const relatedSkills = createRoute({
  method: "post",
  path: "/skills/related",
  tags: ["Skills"],
  operationId: "relatedSkills",
  summary: "Skills related to a set of skills",
  description:
    "Ranks skills by how strongly they co-occur with the given skills across the catalogue's title–skill mappings. " +
    "The given skills are not repeated in the result. Unknown ids give 404 naming them.",
  security,
  request: jsonRequest(RelatedBody),
  responses: {
    200: { description: "Related skills, most related first", content: { "application/json": { schema: envelope(z.array(RelatedSkillSchema)) } } },
    ...errorResponses(400, 401, 403, 404, 413, 415, 503),
  },
});

const normalizeTitle = createRoute({
  method: "post",
  path: "/titles/normalize",
  tags: ["Titles"],
  operationId: "normalizeTitle",
  summary: "Normalize a raw job title",
  description:
    "Cleans the term (brackets, locations, employment and gender words, level words), detects job levels, and returns " +
    "the best catalogue title with a confidence in [0, 1]. Below 0.5 the title is a weak guess.",
  security,
  request: jsonRequest(NormalizeBody),
  responses: {
    200: { description: "Best title", content: { "application/json": { schema: envelope(NormalizedTitleSchema) } } },
    ...errorResponses(400, 401, 403, 413, 415, 422, 503),
  },
});

const inspectTitle = createRoute({
  method: "post",
  path: "/titles/normalize/inspect",
  tags: ["Titles"],
  operationId: "inspectTitleNormalization",
  summary: "Ranked title candidates for a raw job title",
  security,
  request: jsonRequest(InspectBody),
  responses: {
    200: { description: "Candidates, best first", content: { "application/json": { schema: envelope(z.array(NormalizedTitleSchema)) } } },
    ...errorResponses(400, 401, 403, 413, 415, 503),
  },
});

const listTitles = createRoute({
  method: "get",
  path: "/titles",
  tags: ["Titles"],
  operationId: "listTitles",
  summary: "List job titles",
  description: `Titles in name order. \`limit\` caps the page (default ${TITLE_PAGE.default}, maximum ${TITLE_PAGE.max}); when more titles follow, the response has a \`Link: <…&cursor=…>; rel="next"\` header.`,
  security,
  request: { query: PageQuery(TITLE_PAGE.max, TITLE_PAGE.default) },
  responses: {
    200: {
      description: "A page of titles",
      headers: z.object({ Link: z.string().optional().openapi({ description: 'Next page: <url>; rel="next"' }) }),
      content: { "application/json": { schema: envelope(z.array(TitleSummarySchema)) } },
    },
    ...errorResponses(400, 401, 403, 503),
  },
});

const TitleResponse = z.object({
  success: z.literal(true),
  messages: z.string(),
  data: TitleDetailSchema,
  date: TitleDetailSchema.openapi({ description: "Same object as `data`: the spelling shown in the specification, kept for compatibility." }),
});

const getTitle = createRoute({
  method: "get",
  path: "/titles/{id}",
  tags: ["Titles"],
  operationId: "getTitle",
  summary: "Get one job title",
  security,
  request: { params: z.object({ id: Uuid.openapi({ param: { name: "id", in: "path" } }) }) },
  responses: {
    200: { description: "The title (under both `data` and `date`)", content: { "application/json": { schema: TitleResponse } } },
    ...errorResponses(400, 401, 403, 404, 503),
  },
});

const isTitleCursor = (v: unknown): v is { n: string; i: string } =>
  typeof v === "object" && v !== null && typeof (v as { n?: unknown }).n === "string" && typeof (v as { i?: unknown }).i === "string";

export function registerTaxonomy(app: OpenAPIHono<AppEnv>): void {
  app.openapi(getSkill, async (c) => {
    requireScope(c.var.principal, "taxonomy:read");
    const { id } = c.req.valid("param");
    checkUuidParam(c, id, "skill id", ["related"]);
    const { catalogue } = await c.var.services.catalogue.get();
    const skill = catalogue.skill(id.toLowerCase());
    if (!skill) throw new ApiError("SKILL_NOT_FOUND", `No skill with id ${id}`);
    return c.json({ success: true as const, messages: "", data: skillOut(skill) }, 200);
  });

  app.openapi(relatedSkills, async (c) => {
    requireScope(c.var.principal, "taxonomy:read");
    const { ids, limit } = c.req.valid("json");
    const malformed = ids.find((id) => !isUuidShaped(id));
    if (malformed !== undefined) throw new ApiError("INVALID_ID", `every id in ids must be UUID-shaped (got "${malformed.slice(0, 64)}")`);
    const { catalogue } = await c.var.services.catalogue.get();
    const wanted = [...new Set(ids.map((i) => i.toLowerCase()))];
    const unknown = wanted.filter((id) => !catalogue.skill(id));
    if (unknown.length) throw new ApiError("SKILL_NOT_FOUND", `Unknown skill ids: ${unknown.slice(0, 10).join(", ")}`);
    const related = catalogue.relatedSkills(wanted, limit ?? 10);
    return c.json(
      {
        success: true as const,
        messages: related.length ? "" : "No related skills found for these skills",
        data: related.map(({ skill }) => ({ id: skill.id, name: skill.name, type: { name: skill.type } })),
      },
      200,
    );
  });

  app.openapi(normalizeTitle, async (c) => {
    requireScope(c.var.principal, "taxonomy:read");
    const { term } = c.req.valid("json");
    const { normalizer } = await c.var.services.catalogue.get();
    const best = normalizer.normalize(term);
    if (!best) throw new ApiError("NO_TITLE_MATCH", `No catalogue title resembles "${term.slice(0, 100)}"`);
    return c.json(
      {
        success: true as const,
        messages: best.confidence < 0.5 ? "Low confidence: the term resembles no title closely" : "",
        data: { id: best.title.id, name: best.title.name, confidence: best.confidence, job_levels: best.job_levels },
      },
      200,
    );
  });

  app.openapi(inspectTitle, async (c) => {
    requireScope(c.var.principal, "taxonomy:read");
    const { term, limit } = c.req.valid("json");
    const { normalizer } = await c.var.services.catalogue.get();
    const ranked = normalizer.inspect(term, limit);
    return c.json(
      {
        success: true as const,
        messages: ranked.length ? "" : "No catalogue title resembles the term",
        data: ranked.map((r) => ({ id: r.title.id, name: r.title.name, confidence: r.confidence, job_levels: r.job_levels })),
      },
      200,
    );
  });

  app.openapi(listTitles, async (c) => {
    requireScope(c.var.principal, "taxonomy:read");
    const query = c.req.valid("query");
    const limit = parseLimit(query.limit, TITLE_PAGE);
    const after = decodeCursor(query.cursor, isTitleCursor);
    const { catalogue } = await c.var.services.catalogue.get();
    const all = catalogue.titlesByName;
    // Position after the cursor's (name, id): stable even if the catalogue version changes between pages.
    const start = after ? partitionPoint(all, (t) => (t.name.localeCompare(after.n, "en") || t.id.localeCompare(after.i)) <= 0) : 0;
    const page = all.slice(start, start + limit);
    const last = page.at(-1);
    setNextLink(c, start + limit < all.length && last ? encodeCursor({ n: last.name, i: last.id }) : undefined);
    return c.json({ success: true as const, messages: "", data: page.map((t) => ({ id: t.id, name: t.name })) }, 200);
  });

  app.openapi(getTitle, async (c) => {
    requireScope(c.var.principal, "taxonomy:read");
    const { id } = c.req.valid("param");
    checkUuidParam(c, id, "title id", ["normalize"]);
    const { catalogue } = await c.var.services.catalogue.get();
    const title = catalogue.title(id.toLowerCase());
    if (!title) throw new ApiError("TITLE_NOT_FOUND", `No title with id ${id}`);
    const detail = {
      id: title.id,
      name: title.name,
      career_group: title.career_group,
      mapping: {
        names: title.aliases,
        skills: title.skill_ids.map((sid) => ({ id: sid, name: catalogue.skill(sid)?.name ?? sid })),
      },
    };
    return c.json({ success: true as const, messages: "", data: detail, date: detail }, 200);
  });
}
