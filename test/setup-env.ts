import { inject } from "vitest";

process.env.DYNAMODB_ENDPOINT = inject("dynamoEndpoint");
process.env.AWS_REGION = "local";
