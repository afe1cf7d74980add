import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { fileURLToPath } from 'node:url';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Node by default; view tests opt into jsdom with `// @vitest-environment jsdom`.
export default defineConfig({
  // The same file routes as the build (see vite.config.ts), so view tests run the tree the browser gets.
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: here('./src/routes'), generatedRouteTree: here('./src/routeTree.gen.ts') }),
    react(),
  ],
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Files side by side on both cores (Vitest's default is one fewer than the cores: one worker here).
    // Each server test works in a database of its own (a fresh PGlite, or its own PostgreSQL schema).
    maxWorkers: 2,
    setupFiles: ['tests/support/testingLibrary.ts'],
  },
});
