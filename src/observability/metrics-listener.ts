import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { AppError } from "../core/errors/app-error.js";
import { problem } from "../core/errors/problem.js";
import { bearerMatches } from "./metrics-access.js";
import type { Metrics } from "./metrics.js";
import { metricsUnauthorized } from "./metrics-access.js";

export interface MetricsListener {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  close(): Promise<void>;
}

/**
 * GLOSSA_METRICS_PORT: a second listener on loopback that serves only `GET /metrics`, with the
 * same bearer token as the main port (docs/metrics.md). Anything else is a 404.
 */
export async function startMetricsListener(metrics: Metrics, token: string, port: number): Promise<MetricsListener> {
  const server: Server = createServer((request, response) => {
    const send = (error: AppError) => {
      response.writeHead(error.status, { "content-type": "application/problem+json" });
      response.end(JSON.stringify(problem(error, randomUUID())));
    };
    const path = (request.url ?? "").split("?")[0] ?? "";
    if (path !== "/metrics")
      return send(AppError.of("not_found", { method: request.method ?? "GET", path: path.slice(0, 200) }));
    if (request.method !== "GET" && request.method !== "HEAD")
      return send(new AppError("method_not_allowed", "Only GET /metrics is served here."));
    if (!bearerMatches(request.headers.authorization, token)) {
      response.setHeader("www-authenticate", 'Bearer realm="glossa-metrics"');
      return send(metricsUnauthorized());
    }
    metrics.exposition().then(
      (body) => {
        response.writeHead(200, { "content-type": metrics.contentType, "cache-control": "no-store" });
        response.end(request.method === "HEAD" ? undefined : body);
      },
      () => send(new AppError("internal_error")),
    );
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
