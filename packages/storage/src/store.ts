import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

/** The document client and the main table's name: everything a repository needs. */
export interface Store {
  doc: DynamoDBDocumentClient;
  table: string;
}
