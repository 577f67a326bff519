import { functionArgs } from "./lambda";
import { seed as settings } from "./settings";
import { table } from "./storage";

/**
 * How a deployment gets its catalogue: the seed function stores the shipped catalogue and activates it unless an
 * imported or synced one is active — the same rule as `npm start`. It carries the catalogue's JSON sources as plain
 * files, so the API function's bundle never includes them.
 */
export const seedFunction = new sst.aws.Function(
  "CatalogueSeed",
  functionArgs("seed", {
    timeoutSeconds: settings.timeoutSeconds,
    memoryMb: settings.memoryMb,
    link: [table],
    copyFiles: [{ from: settings.catalogueSource, to: settings.catalogueDir }],
  }),
);

// Runs during every deploy, after the function and the table exist: the deploy fails loudly if seeding fails, and the
// API never serves a stage without an active catalogue. Re-running is cheap and idempotent (a version already stored is
// not written again); running on every deploy, rather than on a hash of the data files, also picks up changes in
// how the catalogue is built.
export const seedRun = new aws.lambda.Invocation("CatalogueSeedRun", {
  functionName: seedFunction.name,
  input: JSON.stringify({ source: "winnow.deploy", task: "seed-catalogue" }),
  triggers: { deployedAt: String(Date.now()) },
});
