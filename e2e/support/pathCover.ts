/** What a path cover needs of a model's path: the statechart edges each step took. */
type Walkable = { steps: ReadonlyArray<{ edges: readonly string[] }> };

export const edgesOfPath = (path: Walkable) => new Set(path.steps.flatMap((step) => step.edges));

/**
 * The fewest paths (greedy set cover, in the model's order) that together take every statechart edge
 * the given paths take. A browser walk costs seconds a path: walking this cover instead of every path
 * still takes every transition, and so enters every state, the paths reach.
 */
export function coverOf<P extends Walkable>(paths: readonly P[]): P[] {
  const left = new Set(paths.flatMap((path) => [...edgesOfPath(path)]));
  const gain = (path: P) => [...edgesOfPath(path)].filter((edge) => left.has(edge)).length;
  const chosen: P[] = [];
  while (left.size) {
    const best = paths.reduce((a, b) => (gain(b) > gain(a) ? b : a));
    chosen.push(best);
    edgesOfPath(best).forEach((edge) => left.delete(edge));
  }
  return chosen;
}
