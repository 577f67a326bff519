import { Logger } from "@aws-lambda-powertools/logger";
import { Metrics, MetricUnit } from "@aws-lambda-powertools/metrics";
import type { Context } from "aws-lambda";

/**
 * Structured JSON logs and EMF metrics shared by the Lambda entries. POWERTOOLS_SERVICE_NAME and
 * POWERTOOLS_METRICS_NAMESPACE (set in infra/lambda.ts) override the defaults below.
 */
export const logger = new Logger({ serviceName: "winnow" });
export const metrics = new Metrics({ namespace: "Winnow", serviceName: "winnow" });

/** Metric names: dashboards and alarms key on these, so they only ever get added to. */
export const Metric = {
  Screenings: "Screenings",
  WebhooksAccepted: "WebhooksAccepted",
  WebhooksDuplicate: "WebhooksDuplicate",
  WebhooksIgnored: "WebhooksIgnored",
  WebhooksRejected: "WebhooksRejected",
  /** Requests answered 5xx, and invocations that threw. */
  Failures: "Failures",
  /** HTTP requests answered 500 because they were still running just before the function's timeout. */
  RequestsTimedOut: "RequestsTimedOut",
  TaxonomySyncSucceeded: "TaxonomySyncSucceeded",
  TaxonomySyncInterrupted: "TaxonomySyncInterrupted",
  TaxonomySyncFailed: "TaxonomySyncFailed",
  CatalogueActivated: "CatalogueActivated",
  /** SQS records the worker finished (screened, or skipped as already done or no longer wanted). */
  ScreeningJobsProcessed: "ScreeningJobsProcessed",
  /** SQS records handed back for a retry (partial batch failures). */
  ScreeningJobsFailed: "ScreeningJobsFailed",
} as const;
export type MetricName = (typeof Metric)[keyof typeof Metric];

export const count = (name: MetricName, value = 1) => metrics.addMetric(name, MetricUnit.Count, value);

/**
 * Runs one invocation with the Lambda context on every log line and flushes the metrics it recorded, whether it
 * returned or threw (EMF lines are only written on publish). An invocation that throws counts as a failure.
 */
export async function observe<T>(context: Context, keys: Record<string, unknown>, run: () => Promise<T>): Promise<T> {
  logger.addContext(context);
  logger.appendKeys(keys);
  metrics.captureColdStartMetric(context.functionName); // emits on the first invocation of an instance only
  try {
    return await run();
  } catch (err) {
    count(Metric.Failures);
    logger.error("invocation failed", err as Error);
    throw err;
  } finally {
    if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
    logger.resetKeys();
  }
}
