import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";

/**
 * Bundled by esbuild-plugins.test.ts with the Lambda build options and compared with itself unbundled: what zod
 * reports and documents must not change when the bundle keeps only its English locale.
 */
export const locales = Object.keys(z.locales);

const Body = z.object({
  name: z.string().min(2).openapi({ example: "Ada" }),
  email: z.email(),
  years: z.number().int().nonnegative(),
  level: z.enum(["junior", "senior"]),
  tags: z.array(z.string()).max(2),
});

export const issues = (input: unknown): string[] => {
  const result = Body.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

const app = new OpenAPIHono();
app.openapi(
  createRoute({
    method: "post",
    path: "/people",
    request: { body: { content: { "application/json": { schema: Body } } } },
    responses: { 201: { description: "Created", content: { "application/json": { schema: Body.extend({ id: z.uuid() }) } } } },
  }),
  (c) => c.json({ ...c.req.valid("json"), id: crypto.randomUUID() }, 201),
);

export const openApiDocument = () => app.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "probe", version: "1" } });
