// Holds one query's answer while a test runs other requests: a deterministic interleaving of two
// requests on PostgreSQL. Pass `queryGate.plugin` as the harness's dbPlugin; `hold(tables)` arms it.
// PostgreSQL only: PGlite is one connection, which a held read keeps, so nothing else could run.
import type { KyselyPlugin } from 'kysely';

export type QueryGate = {
  plugin: KyselyPlugin;
  /**
   * Arms the gate: the next select that names one of `tables` keeps its answer until `release()`.
   * `held` settles once that select has its answer and is waiting.
   */
  hold(tables: readonly string[]): { held: Promise<void>; release: () => void };
};

export function queryGate(): QueryGate {
  let armed: { tables: RegExp; held: () => void; until: Promise<void> } | null = null;
  const gated = new Set<string>();
  const plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      if (armed && node.kind === 'SelectQueryNode' && armed.tables.test(JSON.stringify(node))) gated.add(queryId.queryId);
      return node;
    },
    transformResult: async ({ result, queryId }) => {
      if (armed && gated.delete(queryId.queryId)) {
        const { held, until } = armed;
        armed = null;
        gated.clear();
        held();
        await until;
      }
      return result;
    },
  };
  return {
    plugin,
    hold(tables) {
      let release!: () => void;
      const until = new Promise<void>((done) => { release = done; });
      const held = new Promise<void>((done) => {
        armed = { tables: new RegExp(`"name":"(${tables.join('|')})"`), held: done, until };
      });
      return { held, release };
    },
  };
}
