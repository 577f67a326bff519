import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { handle } from "hono/aws-lambda";

// A floor of the cold-start bench: one zod-openapi route reading one DynamoDB item through the document client — the
// two libraries the stack prescribes for every authenticated request — and no Winnow code.
const db = DynamoDBDocumentClient.from(new DynamoDBClient({}));
const Item = z.object({ id: z.string().min(1).openapi({ example: "a1" }) }).openapi("Item");
const route = createRoute({
  method: "get",
  path: "/{id}",
  request: { params: Item },
  responses: { 200: { description: "The item", content: { "application/json": { schema: Item } } } },
});
const app = new OpenAPIHono();
app.openapi(route, async (c) => {
  const { id } = c.req.valid("param");
  const found = await db.send(new GetCommand({ TableName: "t", Key: { pk: id } }));
  return c.json({ id: String(found.Item?.pk ?? id) }, 200);
});
export const handler = handle(app);
