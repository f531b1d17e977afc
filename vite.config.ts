import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The React app lives in src/client; the server serves dist/client in production and proxies
// nothing: in development `npm run dev` runs Vite with /api forwarded to the Fastify server.
export default defineConfig({
  root: "src/client",
  publicDir: "public",
  plugins: [react(), tailwindcss()],
  resolve: {
    // zod without its eval-compiled parsers, which the content security policy refuses (decision 013).
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL("./src/client/lib/zod-jitless.ts", import.meta.url)),
      },
    ],
  },
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      // Chunks under 10 KB that always load together are merged: every request costs a phone on a
      // slow network a round trip (decision 013).
      output: { experimentalMinChunkSize: 10_000 },
    },
  },
  server: {
    proxy: { "/api": `http://localhost:${process.env.API_PORT ?? "3000"}` },
  },
});
