import type { AnyActorRef } from 'xstate';

// Workflows a page starts that outlive the page (the bureau file's, from upload to results): the
// portal keeps one per account while the user moves through the pages that show it, and stops them
// all on sign-out. The page says whether the kept one still serves it, and how to start another.

/** A started workflow, and how to end it with whatever it runs beside it (a hashing worker). */
export type KeptWorkflow<A extends AnyActorRef> = { actor: A; stop: () => void };

export type Workflows<A extends AnyActorRef> = {
  /**
   * The account's kept workflow when `serves` says it still does; otherwise the kept one is stopped
   * and `start` starts the one kept from now on.
   */
  of: (accountId: number, serves: (actor: A) => boolean, start: () => KeptWorkflow<A>) => A;
  /** Stops every kept workflow (sign-out). */
  forget: () => void;
};

export function createWorkflows<A extends AnyActorRef>(): Workflows<A> {
  const kept = new Map<number, KeptWorkflow<A>>();
  return {
    of(accountId, serves, start) {
      const current = kept.get(accountId);
      if (current) {
        if (serves(current.actor)) return current.actor;
        current.stop();
      }
      const started = start();
      kept.set(accountId, started);
      return started.actor;
    },
    forget() {
      kept.forEach((w) => w.stop());
      kept.clear();
    },
  };
}
