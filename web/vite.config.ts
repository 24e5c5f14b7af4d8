import { defineConfig } from "vite";

// Plain TypeScript + DOM: Vite needs no plugins. The Firebase SDK alone is ~550 kB minified.
export default defineConfig({
  build: { chunkSizeWarningLimit: 1024 },
  server: { host: "127.0.0.1", port: 5173, strictPort: true },
  preview: { host: "127.0.0.1" },
});
