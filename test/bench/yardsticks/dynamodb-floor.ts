import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
import { Hono } from "hono";
import { handle } from "hono/aws-lambda";

// A floor of the cold-start bench: the minimal handler plus the DynamoDB document client every Winnow request that
// authenticates goes through, built at init as AWS advises (one client per execution environment).
const db = DynamoDBDocumentClient.from(new DynamoDBClient({}));
const app = new Hono();
app.get("/:id", async (c) => c.json((await db.send(new GetCommand({ TableName: "t", Key: { pk: c.req.param("id") } }))).Item ?? null));
export const handler = handle(app);
