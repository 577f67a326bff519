import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { handle } from "hono/aws-lambda";

// A floor of the cold-start bench: the minimal handler plus the validation stack every Winnow route is declared with
// (zod 4 through @hono/zod-openapi), for one route with one schema. Whatever the API does beyond this, it pays this.
const Hello = z.object({ name: z.string().min(1).openapi({ example: "Ada" }) }).openapi("Hello");
const route = createRoute({
  method: "post",
  path: "/",
  request: { body: { content: { "application/json": { schema: Hello } } } },
  responses: { 200: { description: "The greeting", content: { "application/json": { schema: Hello } } } },
});
const app = new OpenAPIHono();
app.openapi(route, (c) => c.json(c.req.valid("json"), 200));
export const handler = handle(app);
