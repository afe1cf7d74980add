import { useState } from 'react';
import { useNavigate, useLoaderData, useRouter, useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { can } from '../../../../contract/shared/access';
import { ApiFailure } from '../../../api/client';
import { usePortal } from '../../../app/PortalContext';
import { AccountSwitcher } from '../../../shared/AccountSwitcher';
import { downloadCsv } from '../../../shared/csv';
import { Dialog } from '../../../shared/Dialog';
import { PageTour } from '../../../shared/helptips/PageTour';
import { tokensTour, tokensTourTargets as targets } from '../../../shared/helptips/tours/tokens';
import { useAction } from '../../../shared/useAction';
import { ApiSettingsDialog } from './ApiSettingsDialog';
import { ExportTokenDialog } from './ExportTokenDialog';
import { BulkDialog, TokenFormDialog } from './TokenForm';
import { tokenCsvRows } from './tokenText';
import { TokenAuditLog } from './TokenAuditLog';
import { TokenRow } from './TokenRow';
import { tokensApi, type Token } from '../../../api/tokens';
import '../../../shared/stackedTable.css';
import './tokens.css';

type Asking = { kind: 'create' } | { kind: 'edit'; token: Token } | { kind: 'bulk' } | null;

const copyText = (text: string) => navigator.clipboard.writeText(text);

/** /administration/tokens: the selected account's API tokens, their audit log, and the two export dialogs. */
export default function TokensPage() {
  const data = useLoaderData({ from: '/_signedIn/_validated/administration/tokens' });
  const search = useSearch({ from: '/_signedIn/_validated/administration/tokens' });
  const navigate = useNavigate();
  const router = useRouter();
  const portal = usePortal();
  const me = useSelector(portal.session, (s) => s.context.user);
  const { run, busy, done } = useAction({ refreshGroups: false });
  const [asking, setAsking] = useState<Asking>(null);
  /** The server's refusal of the token form's last try: the form says it under its fields. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const { account, organisation, tokens, audit, now } = data;

  if (!account) {
    return (
      <section className="card empty-state" aria-labelledby="tokens-title">
        <h1 id="tokens-title">API tokens</h1>
        <p>Tokens belong to an account, and {organisation?.name ?? 'this organisation'} is selected. Choose one of its accounts to see its tokens.</p>
        <div className="form__row">
          <AccountSwitcher />
        </div>
      </section>
    );
  }

  const api = tokensApi(portal.api);
  const owner = can(me, account, 'own');
  const close = () => {
    setAsking(null);
    setRefusal(null);
  };
  const closeExport = () => void navigate({ to: '/administration/tokens', search: {} });
  // The form closes once the server agreed, and stays open with the refusal under its fields if not.
  const save = (label: string, change: () => Promise<unknown>) => {
    setRefusal(null);
    run(label, async () => {
      try {
        await change();
      } catch (error) {
        if (error instanceof ApiFailure) setRefusal(error.detail);
        throw error;
      }
      close();
    });
  };
  const live = new Set(tokens.map((t) => t.id));
  const chosen = [...selected].filter((id) => live.has(id));
  const toggle = (id: number) => setSelected((s) => (s.has(id) ? new Set([...s].filter((x) => x !== id)) : new Set([...s, id])));
  const bulk = (label: string, change: Parameters<typeof api.bulk>[2]) =>
    run(label, async () => {
      await api.bulk(account.id, chosen, change);
      setSelected(new Set());
      close();
    });
  const plural = (n: number) => `${n} token${n === 1 ? '' : 's'}`;

  return (
    <div className="tokens-page">
      <section className="card" aria-labelledby="tokens-title">
        <div className="card__header">
          <div>
            <h1 id="tokens-title">API tokens of {account.name}</h1>
            <p className="muted">Tokens let your systems call the data-quality services on this account&apos;s clicks. Dates are dd/mm/yyyy.</p>
          </div>
          <div className="form__row" id={targets.actions}>
            <button type="button" className="button button--primary" onClick={() => setAsking({ kind: 'create' })}>
              Create token
            </button>
            {owner && (
              <button type="button" className="button" onClick={() => void navigate({ to: '/administration/tokens', search: { export: 'token' } })}>
                Export API Token
              </button>
            )}
            {owner && (
              <button type="button" className="button" onClick={() => void navigate({ to: '/administration/tokens', search: { export: 'settings' } })}>
                Export settings for API
              </button>
            )}
          </div>
        </div>
        <p role="status" className="status-line">
          {busy ? 'Saving…' : done}
        </p>
      </section>

      {tokens.length === 0 ? (
        <section className="card empty-state" aria-labelledby="no-tokens-title">
          <h2 id="no-tokens-title">No API tokens yet</h2>
          <p>
            Create your first token to call the services from your own systems: a server token for your back end, restricted to its IP
            ranges, or a browser token for your web pages, restricted to their host.
          </p>
          <p>
            <button type="button" className="button button--primary" onClick={() => setAsking({ kind: 'create' })}>
              Create your first token
            </button>
          </p>
        </section>
      ) : (
        <section className="card" aria-labelledby="tokens-table-title">
          <div className="tokens__head">
            <h2 id="tokens-table-title">Tokens</h2>
            <button type="button" className="button button--small" onClick={() => downloadCsv(`tokens-${account.name}.csv`, tokenCsvRows(tokens))}>
              Export CSV
            </button>
          </div>
          <div className="tokens__bulk" id={targets.bulk} role="group" aria-label="Change the selected tokens">
            <span>{chosen.length ? `${plural(chosen.length)} selected` : 'Select tokens to change several at once.'}</span>
            <button type="button" className="button button--small" disabled={!chosen.length || busy} onClick={() => bulk(`${plural(chosen.length)} locked.`, { lock: true })}>
              Lock
            </button>
            <button type="button" className="button button--small" disabled={!chosen.length || busy} onClick={() => bulk(`${plural(chosen.length)} unlocked.`, { lock: false })}>
              Unlock
            </button>
            <button type="button" className="button button--small" disabled={!chosen.length || busy} onClick={() => setAsking({ kind: 'bulk' })}>
              Change services, expiry or cap…
            </button>
          </div>
          <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="tokens-table-title" id={targets.table}>
            <table className="table table--stack tokens-table" aria-labelledby="tokens-table-title">
              <thead>
                <tr>
                  <th scope="col">
                    <span className="sr-only">Select</span>
                  </th>
                  {['Tag', 'Status', 'Actions', 'Type', 'IP ranges', 'Referrer', 'Expiry', 'Created / updated', 'Services', 'Daily cap'].map((h) => (
                    <th key={h} scope="col" className={h.includes(' ') ? 'tokens-table__wrap' : undefined}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {tokens.map((t) => (
                  <TokenRow
                    key={t.id}
                    token={t}
                    now={now}
                    selected={selected.has(t.id)}
                    onToggle={() => toggle(t.id)}
                    owner={owner}
                    busy={busy}
                    onEdit={() => setAsking({ kind: 'edit', token: t })}
                    onLock={() => run(`${t.tag} is ${t.locked ? 'unlocked' : 'locked'}.`, () => api.lock(t.id, !t.locked))}
                    onExport={() => void navigate({ to: '/administration/tokens', search: { export: 'token', tokenId: t.id } })}
                    onDelete={() => api.remove(t.id)}
                    onDeleted={() => void router.invalidate()}
                  />
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}

      <TokenAuditLog audit={audit} />

      {asking?.kind === 'create' && (
        <TokenFormDialog
          busy={busy}
          refusal={refusal}
          onCancel={close}
          onSubmit={({ token, password }) => save(`${token.tag.trim()} is created.`, () => api.create(account.id, token, password))}
        />
      )}
      {asking?.kind === 'edit' && (
        <TokenFormDialog
          token={asking.token}
          busy={busy}
          refusal={refusal}
          onCancel={close}
          onSubmit={({ token }) => save(`${token.tag.trim()} is saved.`, () => api.update(asking.token.id, token))}
        />
      )}
      {asking?.kind === 'bulk' && <BulkDialog count={chosen.length} busy={busy} onCancel={close} onSubmit={(change) => bulk(`${plural(chosen.length)} changed.`, change)} />}

      {search.export === 'token' &&
        (owner ? (
          <ExportTokenDialog
            tokens={tokens}
            now={now}
            tokenId={search.tokenId}
            exportToken={(tokenId, password) => api.exportToken(account.id, tokenId, { userName: me.userName, password })}
            copyText={copyText}
            onClose={() => {
              closeExport();
              void router.invalidate();
            }}
          />
        ) : (
          <OwnersOnly onClose={closeExport} />
        ))}
      {search.export === 'settings' && (
        <ApiSettingsDialog
          accountId={account.id}
          accountName={account.name}
          territory={account.territory}
          config={portal.config}
          origin={window.location.origin}
          copyText={copyText}
          onClose={closeExport}
        />
      )}
      {tokens.length > 0 && !search.export && !asking && <PageTour tour={tokensTour} />}
    </div>
  );
}

/** Staff may manage the tokens but not hand them out: exporting is for the account's owners. */
function OwnersOnly({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Export API Token" onClose={onClose}>
      <p>Only an owner of the account can export its tokens.</p>
      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
