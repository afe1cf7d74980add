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
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Files side by side on both cores (Vitest's default is one fewer than the cores: one worker here).
    // Each server test works in a database of its own (a fresh PGlite, or its own PostgreSQL schema).
    maxWorkers: 2,
    setupFiles: ['tests/support/testingLibrary.ts'],
    projects: [
      // The server tests share their worker's modules (no isolation): each file otherwise imports the
      // whole server again (about 2 s of module loading) and runs it unoptimised. Measured on the
      // PGlite pass, 78 files: 5.4 min of CPU against 13.4, with the other engineer's tests beside both.
      // They can: every file opens its own database and app, and no server test mocks a module.
      { extends: true, test: { name: 'server', include: ['tests/server/**/*.test.ts'], isolate: false } },
      { extends: true, test: { name: 'app', include: ['tests/**/*.test.{ts,tsx}'], exclude: ['tests/server/**'] } },
    ],
  },
});
