// Every test file runs this first (vitest.config.ts, setupFiles). In the view tests (jsdom), Testing
// Library's findBy and waitFor wait up to 10 s rather than 1 s: a lazy route's first import is
// transformed on demand, which takes seconds when both cores run test files side by side. A check
// that passes still returns as soon as it passes. jsdom lays nothing out, so it has no scrolling:
// its window.scrollTo (called by the router's scroll restoration on every navigation) only prints
// "Not implemented", hundreds of lines per run that hid real warnings; here it does nothing.
export {};

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 10_000 });
  window.scrollTo = () => undefined;
}
