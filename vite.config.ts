import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The SPA lives under /portal; the server (server/main.ts) serves dist/ there and injects the
// runtime configuration into index.html, so one build serves every deployment.
export default defineConfig({
  base: '/portal/',
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true, target: 'es2022' },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
});
