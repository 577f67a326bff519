import { handle } from "hono/aws-lambda";
import { createApp } from "@winnow/api";
import { createServices } from "@winnow/services";
import { createDynamo } from "@winnow/storage";

// Built once per Lambda instance; the SDK resolves the regional endpoint and credentials from the environment.
const dynamo = createDynamo({ endpoint: process.env.DYNAMODB_ENDPOINT || undefined });
const adminToken = process.env.WINNOW_ADMIN_TOKEN;
if (!adminToken) throw new Error("WINNOW_ADMIN_TOKEN is not configured");

const services = createServices(
  { doc: dynamo.doc, table: process.env.WINNOW_TABLE ?? "winnow-main" },
  { adminToken },
);

export const handler = handle(createApp(services));
