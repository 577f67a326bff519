import { inject } from "vitest";

process.env.DYNAMODB_ENDPOINT = inject("dynamoEndpoint");
process.env.WINNOW_TEST_TABLE = inject("sharedTable");
process.env.AWS_REGION = "local";
