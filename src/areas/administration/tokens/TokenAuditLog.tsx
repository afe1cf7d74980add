import { formatDateTime } from '../../../shared/format';
import { tokensTourTargets as targets } from '../../../shared/helptips/tours/tokens';
import { actionText } from './tokenText';
import type { TokenAuditEntry } from '../../../api/tokens';

/** The account's token audit log: who changed which token, when, newest first. */
export function TokenAuditLog({ audit }: { audit: readonly TokenAuditEntry[] }) {
  return (
    <section className="card" aria-labelledby="audit-title" id={targets.audit}>
      <h2 id="audit-title">Audit log</h2>
      {audit.length === 0 ? (
        <p className="muted">Nothing has happened to this account&apos;s tokens yet.</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="audit-title">
          <table className="table tokens-audit" aria-labelledby="audit-title">
            <thead>
              <tr>
                {['When', 'Who', 'Token', 'What', 'Detail'].map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {audit.map((e) => (
                <tr key={e.id}>
                  <td className="nowrap">{formatDateTime(e.at)}</td>
                  <td>{e.userName ?? e.userEmail ?? 'A deleted user'}</td>
                  <td className="tokens-audit__token">{e.tokenTag}</td>
                  <td className="tokens-audit__what">{actionText[e.action]}</td>
                  <td className="tokens-audit__detail">{e.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
