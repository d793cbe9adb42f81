import type { FastifyInstance, FastifyReply } from "fastify";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { extname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { isProtocolPath } from "../../contract/protocols.js";

/** Where `npm run build` puts the dashboard: `<package root>/dist/web` (this file is in src/http/plugins or dist/http/plugins). */
export const DEFAULT_DASHBOARD_DIR = join(fileURLToPath(new URL("../../..", import.meta.url)), "dist", "web");

/** Paths the API owns: they keep their own 404 problem+json and never fall back to the app. */
const API_PATHS = [/^\/api(\/|$)/, /^\/openapi\.json$/, /^\/healthz$/, /^\/readyz$/, /^\/metrics$/, /^\/assets\//];

/** The API's own paths and every protocol's (contract/protocols.ts: DeepL's v2, LibreTranslate's, MCP …). */
export function isApiPath(path: string): boolean {
  return API_PATHS.some((pattern) => pattern.test(path)) || isProtocolPath(path);
}

/**
 * The HTML's security headers: scripts and styles only from our own origin (the Vite build
 * has no inline script), no framing, no plugins; API calls go to our own origin only.
 */
export const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

function setPageHeaders(reply: FastifyReply): void {
  reply.header("content-security-policy", DASHBOARD_CSP);
  reply.header("x-frame-options", "DENY");
  reply.header("cross-origin-opener-policy", "same-origin");
  reply.header("cache-control", "no-cache");
}

/** The dashboard's pages are HTML, not API: hidden from the OpenAPI document. */
const PAGE_SCHEMA = {
  hide: true,
  response: {
    200: { description: "the dashboard's page", content: { "text/html": { schema: { type: "string" } } } },
  },
};
const NOT_BUILT_SCHEMA = {
  hide: true,
  response: {
    503: { description: "how to build the dashboard", content: { "text/plain": { schema: { type: "string" } } } },
  },
};

/** Content types of what a Vite build emits. */
const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

interface BuiltFile {
  body: Buffer;
  contentType: string;
}

/** Every file of the build, keyed by its URL path, read once. */
async function snapshotBuild(root: string): Promise<Map<string, BuiltFile>> {
  const files = new Map<string, BuiltFile>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.startsWith(".")) continue;
    const path = join(entry.parentPath, entry.name);
    const urlPath = `/${relative(root, path).split(sep).join("/")}`;
    const contentType = CONTENT_TYPES[extname(entry.name)] ?? "application/octet-stream";
    files.set(urlPath, { body: await readFile(path), contentType });
  }
  return files;
}

/**
 * Serves the built dashboard at `/`: its files, and `index.html` for every other GET that is
 * not an API path (the app routes on the client). The build is read into memory at start, so a
 * rebuild of `dist/web` under a running server cannot mix an old page with new asset names: the
 * server keeps serving the build it started with until it restarts. Without a build, `/` says how
 * to make one.
 */
export async function registerDashboard(app: FastifyInstance, root: string = DEFAULT_DASHBOARD_DIR): Promise<void> {
  const indexFile = join(root, "index.html");
  if (!existsSync(indexFile)) {
    app.log.warn({ root }, "dashboard not built; run npm run build");
    app.get("/", { schema: NOT_BUILT_SCHEMA }, async (_request, reply) =>
      reply
        .status(503)
        .type("text/plain; charset=utf-8")
        .send("The dashboard has not been built. Run `npm run build`, then restart the server.\n"),
    );
    return;
  }
  const files = await snapshotBuild(root);
  const index = files.get("/index.html")!;

  const sendApp = async (_request: unknown, reply: FastifyReply) => {
    setPageHeaders(reply);
    return reply.type(index.contentType).send(index.body);
  };
  app.get("/", { schema: PAGE_SCHEMA }, sendApp);
  app.get("/*", { schema: PAGE_SCHEMA }, async (request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    const file = files.get(path);
    if (file && path !== "/index.html") {
      reply.header("cache-control", path.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
      return reply.type(file.contentType).send(file.body);
    }
    if (isApiPath(path)) return reply.callNotFound();
    return sendApp(request, reply);
  });
}
