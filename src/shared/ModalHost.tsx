import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { modalTransitionMs } from '../../machines/modal';
import { usePortal } from '../app/PortalContext';

/** Shows the modal queue's current message, fading in and out over the spec's 750 ms. */
export function ModalHost() {
  const { modal } = usePortal();
  const current = useSelector(modal, (s) => s.context.current);
  const phase = useSelector(modal, (s) => (s.matches('idle') ? null : String(s.value)));
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (phase === 'opening') button.current?.focus();
  }, [phase, current?.id]);

  if (!current || !phase) return null;
  const close = () => modal.send({ type: 'modal.dismiss' });
  return (
    <div
      className={`modal-backdrop modal-backdrop--${phase}`}
      style={{ zIndex: current.level, animationDuration: `${modalTransitionMs}ms` }}
      onKeyDown={(e) => e.key === 'Escape' && close()}
    >
      <div
        // Errors ("Error", "Authentication error") are marked as such; confirmations are not.
        className={/error/i.test(current.title) ? 'modal modal--error' : 'modal'}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`modal-title-${current.id}`}
        aria-describedby={`modal-text-${current.id}`}
      >
        <h2 id={`modal-title-${current.id}`}>{current.title}</h2>
        <p id={`modal-text-${current.id}`}>{current.text}</p>
        <div className="modal__actions">
          <button ref={button} type="button" className="button button--primary" onClick={close}>
            OK
          </button>
        </div>
      </div>
    </div>
  );
}
