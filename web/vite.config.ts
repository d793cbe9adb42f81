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
    rollupOptions: {
      output: {
        // The libraries in chunks of their own, each below Vite's 500 kB warning: they change less
        // often than the app, so browsers keep them cached across upgrades.
        manualChunks(id) {
          if (!id.includes("/node_modules/")) return undefined;
          if (/\/node_modules\/(recharts|d3-[^/]+|victory-vendor|@reduxjs|redux|immer|reselect|es-toolkit)\//.test(id))
            return "charts";
          if (
            /\/node_modules\/(react-aria-components|react-aria|@react-aria|@react-stately|@react-types|@internationalized|@swc\/helpers|client-only)\//.test(
              id,
            )
          )
            return "react-aria";
          if (/\/node_modules\/(react|react-dom|scheduler|react-is|use-sync-external-store)\//.test(id)) return "react";
          return "vendor";
        },
      },
    },
  },
  server: {
    // `npm run dev:web`: the API runs on 8787, Vite proxies it.
    proxy: { "/api": "http://127.0.0.1:8787", "/process": "http://127.0.0.1:8787" },
  },
});
