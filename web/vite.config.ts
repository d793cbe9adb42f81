import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const webRoot = fileURLToPath(new URL(".", import.meta.url));

/** Builds the dashboard into dist/web; the Fastify server serves it at `/`. */
export default defineConfig({
  root: webRoot,
  base: "/",
  plugins: [react()],
  logLevel: "warn",
  build: {
    outDir: fileURLToPath(new URL("../dist/web", import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    // No inline scripts or styles: the server's Content-Security-Policy forbids them.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
  server: {
    // `npm run dev:web`: the API runs on 8787, Vite proxies it.
    proxy: { "/api": "http://127.0.0.1:8787", "/process": "http://127.0.0.1:8787" },
  },
});
