import { Fragment } from 'react';
import { DeleteControl } from '../../../shared/DeleteControl';
import { formatDate } from '../../../shared/format';
import { capText, exportBlock, expiryText, isExpired, rangesText, referrerText, shortServiceLabels, typeText } from './tokenText';
import type { Token } from '../../../api/tokens';

/** A host name that may wrap after its dots (never inside a label). */
const breakAtDots = (host: string) =>
  host.split('.').map((part, i) => (
    <Fragment key={i}>
      {i > 0 && '.'}
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));

type Props = {
  token: Token;
  /** The server's time, for expiry. */
  now: number;
  selected: boolean;
  onToggle: () => void;
  /** Owners export tokens; staff and other managers do not. */
  owner: boolean;
  busy: boolean;
  onEdit: () => void;
  onLock: () => void;
  onExport: () => void;
  onDelete: () => Promise<unknown>;
  onDeleted: () => void;
};

/** One token of the tokens table: its selection box, tag, status, actions and settings (a stacked card on a phone). */
export function TokenRow({ token: t, now, selected, onToggle, owner, busy, onEdit, onLock, onExport, onDelete, onDeleted }: Props) {
  const expired = isExpired(t, now);
  const blocked = exportBlock(t, now);
  return (
    <tr>
      <td>
        <input type="checkbox" aria-label={`Select ${t.tag}`} checked={selected} onChange={onToggle} />
      </td>
      <th scope="row" id={`token-${t.id}`}>
        {t.tag}
      </th>
      <td data-label="Status">
        <span className={`badge badge--${t.locked ? 'warning' : expired ? 'muted' : 'ok'}`}>{t.locked ? 'Locked' : expired ? 'Expired' : 'Active'}</span>
      </td>
      <td data-label="Actions">
        <div className="table__actions tokens-table__actions">
          <button type="button" className="link-button" aria-describedby={`token-${t.id}`} onClick={onEdit}>
            Edit
          </button>
          <button
            type="button"
            className="link-button"
            aria-describedby={`token-${t.id}`}
            disabled={busy}
            onClick={onLock}
          >
            {t.locked ? 'Unlock' : 'Lock'}
          </button>
          {owner && !blocked && (
            <button
              type="button"
              className="link-button"
              aria-describedby={`token-${t.id}`}
              onClick={onExport}
            >
              Export
            </button>
          )}
          <DeleteControl id={`delete-token-${t.id}`} what="token" name={t.tag} compact act={onDelete} done={onDeleted} />
        </div>
      </td>
      <td data-label="Type">{typeText[t.type]}</td>
      <td className="tokens-table__list" data-label="IP ranges">
        {t.ipRange.length ? t.ipRange.map((r) => <span key={r}>{r}</span>) : rangesText(t.ipRange)}
      </td>
      <td className="tokens-table__referrer" data-label="Referrer">{breakAtDots(referrerText(t.referrer))}</td>
      <td className="nowrap" data-label="Expiry">{expiryText(t.expiry)}</td>
      <td className="tokens-table__list nowrap" data-label="Created / updated">
        <span>{formatDate(t.createTimestamp)}</span>
        <span>{formatDate(t.updateTimestamp)}</span>
      </td>
      <td className="tokens-table__list" data-label="Services">
        {t.services.map((sv) => (
          <span key={sv}>{shortServiceLabels[sv]}</span>
        ))}
      </td>
      <td className="num" data-label="Daily cap">{capText(t.dailyCap)}</td>
    </tr>
  );
}
