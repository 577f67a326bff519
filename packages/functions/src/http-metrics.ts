import { Metric, type MetricName } from "./observability.ts";

export interface ObservedExchange {
  method: string;
  path: string;
  status: number;
  /** The response body as sent (JSON for the routes counted here). */
  body: string | undefined;
}

const WEBHOOK_OUTCOMES: Record<string, MetricName> = {
  accepted: Metric.WebhooksAccepted,
  duplicate: Metric.WebhooksDuplicate,
  ignored: Metric.WebhooksIgnored,
};

const dataOf = (body: string | undefined): unknown => {
  try {
    return body ? (JSON.parse(body) as { data?: unknown }).data : undefined;
  } catch {
    return undefined;
  }
};

/**
 * What one HTTP exchange adds to the metrics: screenings done (one per candidate), webhook deliveries by outcome, and
 * server-side failures. Read from the response, so the API code stays free of metrics plumbing.
 */
export function httpMetrics(exchange: ObservedExchange): { name: MetricName; value: number }[] {
  const { method, path, status } = exchange;
  const out: { name: MetricName; value: number }[] = [];
  if (status >= 500) out.push({ name: Metric.Failures, value: 1 });
  if (method !== "POST") return out;
  const ok = status >= 200 && status < 300;
  if (path === "/v1/match-insights" && ok) out.push({ name: Metric.Screenings, value: 1 });
  if (path === "/v1/match-insights/recommend-candidates" && ok) {
    const entries = dataOf(exchange.body);
    if (Array.isArray(entries) && entries.length) out.push({ name: Metric.Screenings, value: entries.length });
  }
  if (path.startsWith("/webhooks/")) {
    if (ok) {
      const outcome = (dataOf(exchange.body) as { outcome?: string } | undefined)?.outcome;
      const name = outcome ? WEBHOOK_OUTCOMES[outcome] : undefined;
      if (name) out.push({ name, value: 1 });
    } else if (status >= 400 && status < 500) {
      out.push({ name: Metric.WebhooksRejected, value: 1 });
    }
  }
  return out;
}
