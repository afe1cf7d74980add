import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { confirmActionMachine } from '../../../machines/confirmAction';
import '../deleteControl.css';

/**
 * Remove the saved card or a payment user: asked, then confirmed on the page (the confirmAction
 * machine, as DeleteControl does for the catalogue), in the words of removing rather than deleting.
 */
export function RemoveControl({
  id,
  label,
  question,
  confirm,
  act,
  done,
  ariaLabel,
  compact = false,
  disabled = false,
}: {
  id: string;
  /** The button: "Remove card". */
  label: string;
  /** Asked beside it: "Remove the card ending 4242? Automatic renewals stop until a card is saved again." */
  question: string;
  /** The confirming button: "Yes, remove the card". */
  confirm: string;
  act: () => Promise<unknown>;
  done: () => void;
  /** A row's short "Remove" says whom: "Remove Jane Smith". */
  ariaLabel?: string;
  compact?: boolean;
  disabled?: boolean;
}) {
  const actor = useActorRef(confirmActionMachine.provide({ actors: { act: fromPromise(() => act()) }, actions: { succeeded: done } }));
  const state = useSelector(actor, (s) => String(s.value));
  const failed = useSelector(actor, (s) => Boolean(s.context.error));

  if (state === 'confirming' || state === 'acting' || state === 'done') {
    const busy = state !== 'confirming';
    return (
      <span className="delete-control delete-control--asking" role="group" aria-labelledby={`${id}-question`}>
        <span id={`${id}-question`} className="delete-control__question">
          {question}
        </span>
        <span className="delete-control__buttons">
          <button type="button" className="button button--danger button--small" disabled={busy} autoFocus onClick={() => actor.send({ type: 'user.confirm' })}>
            {busy ? 'Removing…' : confirm}
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
      <button type="button" className={compact ? 'link-button' : 'button button--danger'} aria-label={ariaLabel} disabled={disabled} onClick={() => actor.send({ type: 'user.request' })}>
        {label}
      </button>
      {failed && (
        <span role="status" className="muted delete-control__reason">
          Nothing was removed.
        </span>
      )}
    </span>
  );
}
