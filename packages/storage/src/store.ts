import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

/** The document client and the main table's name: everything a repository needs. */
export interface Store {
  doc: DynamoDBDocumentClient;
  table: string;
  /**
   * The demographics table (bias audits), when its name is not the main table's + "-demographics": set from the SST
   * link on AWS. Only the HTTP API's store needs it.
   */
  demographicsTable?: string;
}
