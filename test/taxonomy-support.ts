import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { loadDefaultCatalogue } from "@winnow/catalogue";
import { CatalogueRepository, createDynamo, ensureTable, mainTable, type Store } from "@winnow/storage";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** The ESCO v1.1.1 CSV export in the shared data beside the repository. */
export const ESCO_DIR = fileURLToPath(new URL("../../shared/data/esco/", import.meta.url));
export const ESCO = "http://data.europa.eu/esco";
export const idOf = (uri: string): string => uri.slice(uri.lastIndexOf("/") + 1);
/** ICT occupations (ISCO 25): they carry skill–skill relations, so subsets of them exercise `related`. */
export const ict = (row: Record<string, string | undefined>): boolean => row.iscoGroup?.startsWith("25") ?? false;

/** A fresh table with the default catalogue active, as after `npm start`. */
export async function freshStore(): Promise<{ store: Store; catalogues: CatalogueRepository; defaultVersion: string }> {
  const { client, doc } = createDynamo({ endpoint: process.env.DYNAMODB_ENDPOINT });
  const table = `esco-${randomUUID()}`;
  await ensureTable(client, mainTable, table);
  const store = { doc, table };
  const catalogues = new CatalogueRepository(store);
  const data = loadDefaultCatalogue();
  await catalogues.writeVersion(data);
  await catalogues.activate(data.version, null);
  return { store, catalogues, defaultVersion: data.version };
}

/** The same store, with a hook that sees (and may fail) every command first. */
export function withHook(store: Store, hook: (command: object) => void | Promise<void>): CatalogueRepository {
  const doc = Object.create(store.doc) as DynamoDBDocumentClient;
  doc.send = (async (command: object) => {
    await hook(command);
    return store.doc.send(command as Parameters<DynamoDBDocumentClient["send"]>[0]);
  }) as DynamoDBDocumentClient["send"];
  return new CatalogueRepository({ doc, table: store.table });
}

/** A response body as loosely typed JSON, for assertions. */
export const jsonOf = async (res: Response): Promise<any> => res.json();
