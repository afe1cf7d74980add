import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { exportSeconds } from '../../../../contract/shared/tokens';
import { tokenExportMachine } from '../../../../machines/tokenExport';
import { Dialog } from '../../../shared/Dialog';
import { Field } from '../../../shared/Field';
import { formatDate } from '../../../shared/format';
import { exportBlock } from './tokenText';
import type { Token } from '../../../api/tokens';

// Export API Token (the ellipsis menu, or a row's Export): choose a token, enter the password again
// (spec section 5), then the token, valid for a year, in an 11-row text area with a Copy button
// (spec section 9). The tokenExport machine decides each step; this view only shows it.

/** Spec section 9, word for word. */
export const copiedText = 'Text copied to clipboard';
export const tokenRows = 11;

export function ExportTokenDialog({
  tokens,
  now,
  tokenId,
  exportToken,
  copyText,
  onClose,
}: {
  tokens: readonly Token[];
  now: number;
  tokenId?: number;
  exportToken: (tokenId: number, password: string) => Promise<{ token: string }>;
  copyText: (text: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const preselected = tokenId !== undefined && tokens.some((t) => t.id === tokenId && !exportBlock(t, now)) ? tokenId : undefined;
  const actor = useActorRef(
    tokenExportMachine.provide({
      actors: {
        exportToken: fromPromise(({ input }) => exportToken(input.tokenId, input.password)),
        copyText: fromPromise(({ input }) => copyText(input.text)),
      },
      actions: { closed: onClose },
    }),
    { input: { tokenId: preselected } },
  );
  const state = useSelector(actor, (s) => String(s.value));
  const { tokenId: chosenId, token, error } = useSelector(actor, (s) => s.context);
  const chosen = tokens.find((t) => t.id === chosenId);
  const exportable = tokens.filter((t) => !exportBlock(t, now));
  const [choice, setChoice] = useState<number | null>(exportable[0]?.id ?? null);
  const close = () => actor.send({ type: 'user.close' });
  const password = useRef<HTMLInputElement>(null);
  // Refused: the password typed is cleared and the field focused, to type it again.
  useEffect(() => {
    if (state !== 'refused' || !password.current) return;
    password.current.value = '';
    password.current.focus();
  }, [state]);

  const choose = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (choice !== null) actor.send({ type: 'user.choose', tokenId: choice });
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const password = String(new FormData(e.currentTarget).get('password') ?? '');
    actor.send({ type: 'user.submit', password });
  };

  const title = 'Export API Token';
  if (state === 'choosing') {
    return (
      <Dialog title={title} onClose={close} describedBy="export-what">
        <p id="export-what">Choose the token to export. Your systems send the exported token with each call; it works for one year.</p>
        {exportable.length === 0 ? (
          <>
            <p className="muted">There is no token to export: create one first, or unlock or extend one.</p>
            <div className="modal__actions">
              <button type="button" className="button" onClick={close}>
                Close
              </button>
            </div>
          </>
        ) : (
          <form className="form" onSubmit={choose}>
            <fieldset className="token-form__group">
              <legend>Token</legend>
              {tokens.map((t) => {
                const blocked = exportBlock(t, now);
                return (
                  <label key={t.id} className="choice">
                    <input type="radio" name="token" value={t.id} checked={choice === t.id} disabled={blocked !== null} onChange={() => setChoice(t.id)} />{' '}
                    {t.tag}
                    {blocked && <span className="muted"> ({blocked})</span>}
                  </label>
                );
              })}
            </fieldset>
            <div className="modal__actions">
              <button type="button" className="button" onClick={close}>
                Cancel
              </button>
              <button type="submit" className="button button--primary" disabled={choice === null}>
                Continue
              </button>
            </div>
          </form>
        )}
      </Dialog>
    );
  }

  if (state === 'confirming' || state === 'exporting' || state === 'refused') {
    const busy = state === 'exporting';
    return (
      <Dialog title={title} onClose={close} describedBy="export-password-what">
        <p id="export-password-what">
          Enter your password to export <strong>{chosen?.tag ?? 'the token'}</strong>.
        </p>
        {state === 'refused' && (
          <p className="field-error" role="alert">
            {error} Nothing was exported.
          </p>
        )}
        <form className="form" onSubmit={submit} aria-busy={busy}>
          {/* One dialog throughout: each step focuses its own first control as it appears. */}
          <Field ref={password} label="Your password" name="password" type="password" autoComplete="current-password" required readOnly={busy} autoFocus />
          <div className="modal__actions">
            <button type="button" className="button" onClick={() => actor.send({ type: 'user.back' })} disabled={busy}>
              Choose another token
            </button>
            {state === 'refused' ? (
              <button type="submit" className="button button--primary" onClick={() => actor.send({ type: 'user.retry' })}>
                Try again
              </button>
            ) : (
              <button type="submit" className="button button--primary" disabled={busy}>
                {busy ? 'Exporting…' : 'Export token'}
              </button>
            )}
          </div>
        </form>
      </Dialog>
    );
  }

  if (state === 'closed' || token === null) return null;
  return (
    <Dialog title={title} onClose={close} describedBy="export-shown-what">
      <p id="export-shown-what">
        The API token of <strong>{chosen?.tag}</strong>, valid until {formatDate(now + exportSeconds)}. It is shown once: copy it now and keep
        it as safely as a password. Deleting the token stops it at once.
      </p>
      <div className="field">
        <label htmlFor="exported-token">API token</label>
        <textarea id="exported-token" className="token-text" readOnly rows={tokenRows} value={token} onFocus={(e) => e.currentTarget.select()} />
      </div>
      <p role="status" className="status-line">
        {state === 'copied' ? copiedText : (error ?? '')}
      </p>
      <div className="modal__actions">
        <button type="button" className="button" onClick={close}>
          Close
        </button>
        <button type="button" className="button button--primary" autoFocus disabled={state === 'copying'} onClick={() => actor.send({ type: 'user.copy' })}>
          Copy
        </button>
      </div>
    </Dialog>
  );
}
