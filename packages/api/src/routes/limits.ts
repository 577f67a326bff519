import { bodyLimit } from "hono/body-limit";
import type { MiddlewareHandler } from "hono";
import { errorBody } from "../errors.ts";
import type { AppEnv } from "../env.ts";

/** Body caps per path (documented in docs/limits.md). */
export const BODY_LIMITS = {
  matchInsights: 20 * 1024 * 1024,
  recommend: 2 * 1024 * 1024,
  default: 64 * 1024,
} as const;

export const v1BodyLimit = (path: string): number => {
  if (path.endsWith("/match-insights")) return BODY_LIMITS.matchInsights;
  if (path.endsWith("/match-insights/recommend-candidates")) return BODY_LIMITS.recommend;
  return BODY_LIMITS.default;
};

const mib = (n: number) => (n >= 1024 * 1024 ? `${n / 1024 / 1024} MiB` : `${n / 1024} KiB`);

export const bodyLimitFor =
  (limitOf: (path: string) => number): MiddlewareHandler<AppEnv> =>
  (c, next) => {
    const maxSize = limitOf(c.req.path);
    return bodyLimit({
      maxSize,
      onError: (ctx) => ctx.json(errorBody("PAYLOAD_TOO_LARGE", `Request body exceeds the ${mib(maxSize)} limit of this endpoint`), 413),
    })(c, next);
  };
