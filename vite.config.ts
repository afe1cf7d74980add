import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

// Paths from this file, not from the build's root (tools/bench.ts builds another root with this config).
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The SPA lives under /portal; the server (server/main.ts) serves dist/ there and injects the
// runtime configuration into index.html, so one build serves every deployment.
export default defineConfig({
  base: '/portal/',
  // File routes (DESIGN.md, "The SPA"): the folder tree of src/routes is the URL tree; the plugin writes
  // src/routeTree.gen.ts (committed) and splits each route's components into their own chunk. It goes
  // before react().
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: here('./src/routes'), generatedRouteTree: here('./src/routeTree.gen.ts') }),
    react(),
  ],
  resolve: {
    // qs needs only a WeakMap for cycle detection; see src/vendor/side-channel.cjs.
    alias: { 'side-channel': fileURLToPath(new URL('./src/vendor/side-channel.cjs', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
    // No preload lists: with them the first chunk carries the file names of every chunk any lazy
    // import needs (about 4 KB gzip on the login page). A page's chunks load as its imports are
    // found instead; main.tsx starts the current page's chunks at once when a saved session resumes.
    modulePreload: false,
    rolldownOptions: {
      output: {
        // Libraries every page needs travel in one chunk: one request and one gzip window instead of
        // a dozen slivers the splitter would otherwise cut between lazy routes.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|xstate|@xstate|use-sync-external-store)[\\/]/,
            },
            {
              // The login and register pages with their layout: one chunk rather than the five (layout,
              // page and the file routes' split wrappers of each) the splitter would cut.
              name: 'guest',
              test: /src[\\/](areas[\\/]auth[\\/](PublicLayout|LoginRegister)\.tsx|routes[\\/]_guest)/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
});
