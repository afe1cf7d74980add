import { useSelector } from '@xstate/react';
import { formatMoney } from '../../../contract/shared/catalogue';
import { resultsFileName } from '../../../contract/shared/bureau';
import { usePortal } from '../../app/PortalContext';
import { Spinner } from '../../shared/Spinner';
import { downloadLink } from './fileEffects';
import { useFilePage } from './useFilePage';
import './bureau.css';

// /file/{fileId}: the free test (coding, suppression and output-group counts, rows before and after),
// the results job's progress, the costs with VAT, Pay (the gateway and back), the download of
// AddressCleanseResults.zip, or Discard.

const Counts = ({ label, counts }: { label: string; counts: Record<string, number> }) => (
  <div>
    <h3>{label}</h3>
    <ul className="bureau__stats">
      {Object.entries(counts).map(([k, v]) => <li key={k}><strong>{v.toLocaleString('en-GB')}</strong> {k}</li>)}
    </ul>
  </div>
);

export default function FilePage() {
  const portal = usePortal();
  const actor = useFilePage('file');
  const s = useSelector(actor, (x) => x);
  const jwt = useSelector(portal.session, (x) => x.context.user.jwt);
  const user = useSelector(portal.session, (x) => x.context.user);
  const { name, test, results, costs, progress, download, error } = s.context;
  return (
    <section className="bureau" aria-labelledby="file-heading">
      <h1 id="file-heading">{name ?? 'File'}</h1>
      {error ? <p className="upload__error" role="alert">{error}</p> : null}
      {s.matches('failed') ? <button type="button" className="button" onClick={() => actor.send({ type: 'user.retry' })}>Try again</button> : null}
      {s.matches('opening') || s.matches('testing') || s.matches('costing') || s.matches('confirming') ? <Spinner /> : null}
      {test && (s.matches('tested') || s.matches('creatingResults')) ? (
        <div>
          <h2>Free test on {test.recordCount} records</h2>
          <Counts label="Coding" counts={test.codingStats} />
          <Counts label="Output files" counts={test.outputGroupStats} />
          <div className="bureau__scroll">
            <table className="bureau__table">
              <caption>Rows before and after</caption>
              <thead><tr><th scope="col">Line</th><th scope="col">Before</th><th scope="col">After</th><th scope="col">Match</th></tr></thead>
              <tbody>
                {test.rows.slice(0, 20).map((r) => (
                  <tr key={r.line}>
                    <td>{r.line}</td>
                    <td>{r.before.join(', ')}</td>
                    <td>{[r.after.organisation, r.after.name, ...r.after.lines, r.after.town, r.after.county, r.after.postcode].filter(Boolean).join(', ')}</td>
                    <td>{r.error ?? r.matchCode ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <button type="button" className="button button--primary" disabled={s.matches('creatingResults')} onClick={() => actor.send({ type: 'user.createResults' })}>Run the results</button>{' '}
          <button type="button" className="button" onClick={() => actor.send({ type: 'user.editSettings' })}>Change the properties</button>
        </div>
      ) : null}
      {s.matches('running') || s.matches('resultsWaiting') ? (
        <div role="status">
          <p>Cleansing the file: {progress}%</p>
          <progress className="upload__bar" max={100} value={progress} aria-label="Results progress" />
        </div>
      ) : null}
      {results && costs && (s.matches('ready') || s.matches('paying') || s.matches('discarding')) ? (
        <div>
          <h2>Results of {results.inputRecordCount.toLocaleString('en-GB')} records</h2>
          <Counts label="Coding" counts={results.codingStats} />
          <p>
            Cost: {formatMoney(costs.net, costs.territory)} + VAT {formatMoney(costs.tax, costs.territory)} = <strong data-testid="results-total">{formatMoney(costs.total, costs.territory)}</strong>
          </p>
          <button type="button" className="button button--primary" disabled={!s.matches('ready')} onClick={() => actor.send({ type: 'user.pay', details: { name: user.userName, email: user.userName, companyName: '', companyAddress: 'As on the account', country: 'United Kingdom' } })}>Pay {formatMoney(costs.total, costs.territory)}</button>{' '}
          <button type="button" className="button" disabled={!s.matches('ready')} onClick={() => actor.send({ type: 'user.discard' })}>Discard the results</button>
        </div>
      ) : null}
      {s.matches('paid') ? (
        <p>{download ? <a className="button button--primary" href={downloadLink(portal.config.services.filesUk, download, jwt)} download={resultsFileName}>Download {resultsFileName}</a> : <Spinner />}</p>
      ) : null}
      {s.matches('discarded') ? (
        <div>
          <p>The results were discarded.</p>
          <button type="button" className="button" onClick={() => actor.send({ type: 'user.createResults' })}>Run the results again</button>{' '}
          <button type="button" className="button" onClick={() => actor.send({ type: 'user.editSettings' })}>Change the properties</button>
        </div>
      ) : null}
    </section>
  );
}
