// What the one-at-a-time check pages (email validation, name validation) keep: the result on show,
// this visit's results and the last refusal; their machines share it.

export type CheckResultsContext<R> = {
  /** The result on show. */
  shown: R | null;
  /** This visit's results, newest first (at most maxRecent), each once. */
  recent: R[];
  /** Why the last call failed, in the API client's words ("Failed to ...: {msg}"). */
  refusal: string | null;
};

export const maxRecent = 20;

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
