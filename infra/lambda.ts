import { handlers, lambdaDefaults, megabytes, seconds, type FunctionName } from "./settings";

/** What differs between Winnow's functions; everything else comes from `lambdaDefaults`. */
interface FunctionShape {
  timeoutSeconds: number;
  memoryMb: number;
  link: sst.aws.FunctionArgs["link"];
  environment?: sst.aws.FunctionArgs["environment"];
  copyFiles?: sst.aws.FunctionArgs["copyFiles"];
  /** Lambda's retries of asynchronous invocations (0–2); Lambda's default of 2 when left out. */
  asyncRetries?: number;
}

/** FunctionArgs for one of the handlers in settings.ts, so runtime, architecture and bundling never drift apart. */
export function functionArgs(name: FunctionName, shape: FunctionShape): sst.aws.FunctionArgs {
  return {
    handler: handlers[name],
    description: `Winnow ${name}`,
    runtime: lambdaDefaults.runtime,
    architecture: lambdaDefaults.architecture,
    timeout: seconds(shape.timeoutSeconds),
    memory: megabytes(shape.memoryMb),
    link: shape.link,
    environment: {
      // Powertools: one service name across functions; the function name tells them apart in logs and metrics.
      POWERTOOLS_SERVICE_NAME: "winnow",
      POWERTOOLS_METRICS_NAMESPACE: "Winnow",
      ...shape.environment,
    },
    logging: { retention: lambdaDefaults.logRetention, format: "json" },
    nodejs: { format: lambdaDefaults.format, minify: lambdaDefaults.minify, splitting: lambdaDefaults.splitting, plugins: lambdaDefaults.plugins },
    ...(shape.copyFiles ? { copyFiles: shape.copyFiles } : {}),
    ...(shape.asyncRetries !== undefined ? { retries: shape.asyncRetries } : {}),
  };
}
