import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The React app lives in src/client; the server serves dist/client in production and proxies
// nothing: in development `npm run dev` runs Vite with /api forwarded to the Fastify server.
export default defineConfig({
  root: "src/client",
  publicDir: "public",
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    proxy: { "/api": `http://localhost:${process.env.API_PORT ?? "3000"}` },
  },
});
