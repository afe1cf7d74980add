import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { confirmActionMachine } from '../../machines/confirmAction';
import './deleteControl.css';

type Verb = { act: string; acting: string; done: string };
const deleteVerb: Verb = { act: 'Delete', acting: 'Deleting…', done: 'deleted' };
export const withdrawVerb: Verb = { act: 'Withdraw', acting: 'Withdrawing…', done: 'withdrawn' };
export const removeVerb: Verb = { act: 'Remove', acting: 'Removing…', done: 'removed' };
/** What a refused removal says. */
export const nothingRemoved = 'Nothing was removed.';

/** Words of its own where the verb's do not fit (removing the saved card or a payment user). */
type Words = {
  /** Asked beside the button: "Remove the card ending 4242? Automatic renewals stop until a card is saved again." */
  question?: string;
  /** The confirming button: "Yes, remove the card". */
  confirm?: string;
  /** Said when the server refused: "Nothing was removed." */
  failed?: string;
  /** A row's short button says whom: "Remove Jane Smith". */
  ariaLabel?: string;
};

/**
 * Delete a dataset, plan, filter or comparison (or withdraw a scheduled price, remove the saved card
 * or a payment user): asked, then confirmed on the page (the confirmAction machine). While something
 * depends on the row, the button is off and `blocked` says why; should the server still refuse (a
 * 409: someone started using it meanwhile), the Error modal shows its reason.
 */
export function DeleteControl({
  id,
  what,
  name,
  blocked,
  act,
  done,
  compact = false,
  disabled = false,
  verb = deleteVerb,
  words = {},
}: {
  /** Unique on the page: names the question and the reason. */
  id: string;
  /** "dataset", "plan", "filter". */
  what: string;
  name: string;
  blocked?: string | null;
  act: () => Promise<unknown>;
  /** Reload, or leave the page of a row that no longer exists. */
  done: () => void;
  /** A table row's link-style button rather than a danger button. */
  compact?: boolean;
  /** Off while the page is busy with something else. */
  disabled?: boolean;
  /** What the button does, when it is not deleting (withdrawing a scheduled price, removing). */
  verb?: Verb;
  words?: Words;
}) {
  const actor = useActorRef(confirmActionMachine.provide({ actors: { act: fromPromise(() => act()) }, actions: { succeeded: done } }));
  const state = useSelector(actor, (s) => String(s.value));
  const failed = useSelector(actor, (s) => Boolean(s.context.error));
  // In a table row the button says Delete; its name says what.
  const label = compact ? verb.act : `${verb.act} ${what}`;
  const fullName = words.ariaLabel ?? (compact ? `${verb.act} ${what} ${name}` : undefined);

  if (blocked) {
    return (
      <span className="delete-control">
        <button type="button" className={compact ? 'link-button' : 'button button--danger'} aria-label={fullName} disabled aria-describedby={`${id}-blocked`}>
          {label}
        </button>
        <span id={`${id}-blocked`} className="muted delete-control__reason">
          {blocked}
        </span>
      </span>
    );
  }
  if (state === 'confirming' || state === 'acting' || state === 'done') {
    const busy = state !== 'confirming';
    return (
      <span className="delete-control delete-control--asking" role="group" aria-labelledby={`${id}-question`}>
        <span id={`${id}-question`} className="delete-control__question">
          {words.question ?? `${verb.act} ${what} “${name}”? This cannot be undone.`}
        </span>
        <span className="delete-control__buttons">
          <button type="button" className="button button--danger button--small" disabled={busy} autoFocus onClick={() => actor.send({ type: 'user.confirm' })}>
            {busy ? verb.acting : (words.confirm ?? `Yes, ${verb.act.toLowerCase()} ${what}`)}
          </button>
          <button type="button" className="button button--small" disabled={busy} onClick={() => actor.send({ type: 'user.cancel' })}>
            Cancel
          </button>
        </span>
      </span>
    );
  }
  return (
    <span className="delete-control">
      <button
        type="button"
        className={compact ? 'link-button' : 'button button--danger'}
        aria-label={fullName}
        disabled={disabled}
        onClick={() => actor.send({ type: 'user.request' })}
      >
        {label}
      </button>
      {failed && (
        <span role="status" className="muted delete-control__reason">
          {words.failed ?? `The ${what} was not ${verb.done}.`}
        </span>
      )}
    </span>
  );
}
