import { functionArgs } from "./lambda";
import { taxonomySync as settings } from "./settings";
import { table } from "./storage";

/**
 * The sync function, declared on its own so the API can link it: POST /admin/taxonomy/sync hands its run to this
 * function (an asynchronous invocation) rather than running it in the API's instance, which freezes after answering.
 */
export const taxonomySyncFunction = new sst.aws.Function(
  "TaxonomySyncFunction",
  functionArgs("taxonomySync", {
    timeoutSeconds: settings.timeoutSeconds,
    memoryMb: settings.memoryMb,
    link: [table],
    asyncRetries: settings.asyncRetries,
    environment: {
      WINNOW_TAXONOMY_SYNC_EVERY_DAYS: String(settings.everyDays),
      WINNOW_TAXONOMY_SYNC_STOP_MARGIN_SECONDS: String(settings.stopMarginSeconds),
    },
  }),
);

// EventBridge Scheduler passes `event` as the invocation payload, filling in the context placeholders; the handler
// records the scheduled time and execution id with the run so a sync can be traced back to its tick.
export const taxonomySync = new sst.aws.CronV2("TaxonomySync", {
  enabled: settings.enabled,
  schedule: settings.schedule,
  timezone: settings.timezone,
  retries: settings.retries,
  event: {
    source: "winnow.schedule",
    task: "taxonomy-sync",
    scheduledTime: "<aws.scheduler.scheduled-time>",
    executionId: "<aws.scheduler.execution-id>",
    scheduleArn: "<aws.scheduler.schedule-arn>",
    attempt: "<aws.scheduler.attempt-number>",
  },
  function: taxonomySyncFunction,
});
