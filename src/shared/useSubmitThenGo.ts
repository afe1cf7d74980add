import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { createSubmissionMachine, isBusy } from '../../machines/submission';

/**
 * A form that sends once and then leads on (a bundle, a price, a dataset, a plan, a lead): the
 * submission machine runs `submit`; on success the routes' data is loaded again and `go` navigates
 * with the server's answer. With `waitForReload` (the default) the loaders are awaited first, so the
 * next page opens with the change in it rather than showing the old data first; without it, `go`
 * navigates at once while they reload. `busy` holds from the send until the page has left.
 */
export function useSubmitThenGo<Values, Result>(
  submit: (values: Values) => Promise<Result>,
  go: (result: Result) => unknown,
  { waitForReload = true }: { waitForReload?: boolean } = {},
) {
  const router = useRouter();
  const actor = useActorRef(
    createSubmissionMachine<Values, Result>().provide({
      actors: { submit: fromPromise(({ input }) => submit(input)) },
      actions: {
        succeeded: (_, { result }) => {
          if (waitForReload) {
            void router.invalidate({ sync: true }).then(() => go(result));
            return;
          }
          void router.invalidate();
          go(result);
        },
      },
    }),
  );
  const busy = useSelector(actor, isBusy);
  return { actor, busy };
}
