import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Mantine core plus React make one large vendor chunk; features and the editor load on demand.
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 5173,
    // In development the API (port 3000) answers /api and /documents; tenants use <slug>.localhost:5173.
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
      '/documents': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});
