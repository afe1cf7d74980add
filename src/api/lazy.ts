/**
 * An API object whose code loads on its first call, so the first page does not carry it: every
 * method keeps its signature (each returns a promise) and waits for the module once.
 */
export function lazyApi<T extends object>(load: () => Promise<T>): T {
  let loading: Promise<T> | undefined;
  return new Proxy({} as T, {
    get: (_, name) =>
      (...args: unknown[]) =>
        (loading ??= load()).then((api) => (api[name as keyof T] as (...a: unknown[]) => unknown)(...args)),
  });
}
