import { describe, expect, it } from "vitest";
import { httpMetrics } from "./http-metrics.ts";

const body = (data: unknown) => JSON.stringify({ success: true, messages: "", data });

describe("httpMetrics", () => {
  it("counts one screening per created match", () => {
    expect(httpMetrics({ method: "POST", path: "/v1/match-insights", status: 201, body: body({ match_id: "m" }) })).toEqual([{ name: "Screenings", value: 1 }]);
  });

  it("counts every candidate of a recommendation as a screening", () => {
    const exchange = { method: "POST", path: "/v1/match-insights/recommend-candidates", status: 201, body: body([{}, {}, {}]) };
    expect(httpMetrics(exchange)).toEqual([{ name: "Screenings", value: 3 }]);
  });

  it("does not count rejected screenings or reads", () => {
    expect(httpMetrics({ method: "POST", path: "/v1/match-insights", status: 422, body: "{}" })).toEqual([]);
    expect(httpMetrics({ method: "GET", path: "/v1/match-insights", status: 200, body: body([{}]) })).toEqual([]);
  });

  it("counts webhook deliveries by outcome, and rejected ones", () => {
    const hook = (status: number, data?: unknown) => httpMetrics({ method: "POST", path: "/webhooks/greenhouse/c1", status, body: data === undefined ? "{}" : body(data) });
    expect(hook(200, { outcome: "accepted", job_id: "j" })).toEqual([{ name: "WebhooksAccepted", value: 1 }]);
    expect(hook(200, { outcome: "duplicate" })).toEqual([{ name: "WebhooksDuplicate", value: 1 }]);
    expect(hook(200, { outcome: "ignored" })).toEqual([{ name: "WebhooksIgnored", value: 1 }]);
    expect(hook(200, { outcome: "ping" })).toEqual([]);
    expect(hook(401)).toEqual([{ name: "WebhooksRejected", value: 1 }]);
    expect(hook(404)).toEqual([{ name: "WebhooksRejected", value: 1 }]);
  });

  it("counts server errors as failures on any route, and survives a body that is not JSON", () => {
    expect(httpMetrics({ method: "GET", path: "/v1/titles", status: 500, body: "oops" })).toEqual([{ name: "Failures", value: 1 }]);
    expect(httpMetrics({ method: "POST", path: "/webhooks/lever/c1", status: 503, body: "<html>" })).toEqual([{ name: "Failures", value: 1 }]);
    expect(httpMetrics({ method: "POST", path: "/v1/match-insights/recommend-candidates", status: 201, body: "not json" })).toEqual([]);
  });
});
