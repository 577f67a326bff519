import { join } from "node:path";
import type { Context } from "aws-lambda";
import { DEFAULT_DATA_DIR, readSourceFiles } from "@winnow/catalogue";
import { ensureCatalogue } from "@winnow/catalogue/ensure";
import { buildCatalogue } from "@winnow/core/catalogue/build";
import { createDynamo } from "@winnow/storage";
import { loadConfig } from "./config.ts";
import { Metric, count, logger, observe } from "./observability.ts";

/** Source name of the shipped catalogue: what `loadDefaultCatalogue()` uses, so versions match `npm start`'s. */
export const SHIPPED_SOURCE = "winnow-default";
/** Where infra/catalogue.ts copies the catalogue's JSON sources in this function's package (settings.seed.catalogueDir). */
export const PACKAGED_CATALOGUE_DIR = "catalogue";

/** On Lambda the sources sit beside the bundle (LAMBDA_TASK_ROOT); run from the repository they are the package's own. */
export const catalogueSourceDir = (env: NodeJS.ProcessEnv = process.env): string =>
  env.LAMBDA_TASK_ROOT ? join(env.LAMBDA_TASK_ROOT, PACKAGED_CATALOGUE_DIR) : DEFAULT_DATA_DIR;

/**
 * Invoked by the deploy (infra/catalogue.ts): stores the shipped catalogue and activates it unless an imported or
 * synced catalogue is active — the rule `npm start` applies on every start.
 */
export async function handler(_event: unknown, context: Context): Promise<{ version: string; activated: boolean }> {
  return observe(context, { task: "seed-catalogue" }, async () => {
    const config = loadConfig();
    const data = buildCatalogue(readSourceFiles(catalogueSourceDir()), SHIPPED_SOURCE);
    const store = { doc: createDynamo({ endpoint: config.dynamoEndpoint }).doc, table: config.tableName };
    const result = await ensureCatalogue(store, data);
    if (result.activated) count(Metric.CatalogueActivated);
    logger.info("catalogue seeded", { ...result, shipped: data.version, titles: data.titles.length, skills: data.skills.length });
    return result;
  });
}
