import { assign } from 'xstate';
import type { SubmissionContext, SubmissionEvent, SubmissionSnapshot } from '../../machines/submission';

// The submission machine keeps what was sent, not what came back. A page that shows the answer (search
// results, a new group's id) provides `keepResult` as the machine's `succeeded` action, so the answer
// lives in the actor's snapshot beside the values and the view reads it with useSelector.

const resultKey = '__result';

export const keepResult = assign<
  SubmissionContext,
  SubmissionEvent,
  { result: unknown; values: Record<string, unknown> },
  SubmissionEvent,
  never
>(({ context }, { result }) => ({ values: { ...context.values, [resultKey]: result } }));

/** The answer of the last successful submission, while the machine is in `succeeded`. */
export function resultOf<T>(snapshot: SubmissionSnapshot): T | undefined {
  return snapshot.matches('succeeded') ? (snapshot.context.values[resultKey] as T) : undefined;
}

/** A submission came back with an error: the machine is editing again with the values it sent. */
export const failed = (snapshot: SubmissionSnapshot) => snapshot.matches('editing') && Object.keys(snapshot.context.values).length > 0;
