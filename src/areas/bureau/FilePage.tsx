import { useLoaderData, useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { matchReasonText, resultsFileName } from '../../../contract/shared/bureau';
import { usePortal } from '../../app/PortalContext';
import { formatDate } from '../../shared/format';
import { Spinner } from '../../shared/Spinner';
import { CostLines } from './CostLines';
import { downloadLink } from './fileEffects';
import { ResultStats, TestStats } from './FileStats';
import { keptUntilText, paymentOutcomeText } from './fileText';
import { PayForm } from './PayForm';
import { useFilePage } from './useFilePage';
import './bureau.css';
import { formatCount } from '../../../contract/shared/numbers';

// /file/{fileId}: the free test (coding, suppression and output-group counts, rows before and after),
// the results job's progress, the costs with VAT, the billing form and Pay (the gateway and back), the download of
// AddressCleanseResults.zip, or Discard.

export default function FilePage() {
  const portal = usePortal();
  const actor = useFilePage('file');
  const s = useSelector(actor, (x) => x);
  const jwt = useSelector(portal.session, (x) => x.context.user.jwt);
  const { prefill } = useLoaderData({ from: '/_signedIn/_validated/applications/addresscleanse/file/$fileId/' });
  const { payment } = useSearch({ from: '/_signedIn/_validated/applications/addresscleanse/file/$fileId/' });
  const { name, test, results, costs, receipt, progress, download, error } = s.context;
  const downloadButton = (
    <div>{download ? <a className="button button--primary" href={downloadLink(portal.config.services.filesUk, download, jwt)} download={resultsFileName}>Download {resultsFileName}</a> : s.matches({ paid: 'loading' }) ? <Spinner /> : null}</div>
  );
  const unpaid = payment === 'declined' || payment === 'cancelled' ? paymentOutcomeText[payment] : null;
  return (
    <section className="bureau" aria-labelledby="file-heading">
      <h1 id="file-heading">{name ?? 'File'}</h1>
      {error ? <p className="upload__error" role="alert">{error}</p> : null}
      {s.matches('failed') ? <button type="button" className="button" onClick={() => actor.send({ type: 'user.retry' })}>Try again</button> : null}
      {s.matches('opening') || s.matches('testing') || s.matches('costing') || s.matches('confirming') ? <Spinner /> : null}
      {test && (s.matches('tested') || s.matches('creatingResults')) ? (
        <div>
          <h2>Free test on {test.recordCount} records</h2>
          <TestStats test={test} />
          <div className="bureau__scroll">
            <table className="bureau__table bureau__table--stack bureau__table--lines">
              <caption>Rows before and after</caption>
              <thead><tr><th scope="col">Line</th><th scope="col">Before</th><th scope="col">After</th><th scope="col">Match</th></tr></thead>
              <tbody>
                {test.rows.slice(0, 20).map((r) => (
                  <tr key={r.line}>
                    <th scope="row">{r.line}</th>
                    <td data-label="Before"><span>{r.before.filter(Boolean).join(', ')}</span></td>
                    <td data-label="After"><span>{[r.after.organisation, r.after.name, ...r.after.lines, r.after.town, r.after.county, r.after.postcode].filter(Boolean).join(', ')}</span></td>
                    <td data-label="Match">
                      <span>
                        {r.error ?? r.matchCode ?? ''}
                        {!r.error && r.matchReason ? <small className="bureau__reason">{matchReasonText[r.matchReason]}</small> : null}
                      </span>
                    </td>
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
          {unpaid && s.matches('ready') ? (
            <p className="alert" role="alert">
              {unpaid}
            </p>
          ) : null}
          <h2>Results of {formatCount(results.inputRecordCount)} records</h2>
          <ResultStats results={results} />
          <PayForm costs={costs} prefill={prefill} busy={!s.matches('ready')} onPay={(details) => actor.send({ type: 'user.pay', details })} onDiscard={() => actor.send({ type: 'user.discard' })} />
        </div>
      ) : null}
      {s.matches('paid') ? (
        <div className="bureau__paid">
          <p role="status">{receipt ? `Paid on ${formatDate(receipt.paidAt)}: thank you.` : 'Paid: thank you.'}</p>
          {s.matches({ paid: 'receipt' }) ? <Spinner /> : null}
          {receipt ? (
            <>
              <p data-testid="results-kept">{keptUntilText(receipt.expiresAt)}</p>
              {downloadButton}
              <h2>Results of {formatCount(receipt.results.inputRecordCount)} records</h2>
              <ResultStats results={receipt.results} />
              <section aria-labelledby="paid-title">
                <h2 id="paid-title">What you paid</h2>
                <CostLines costs={receipt.costs} totalLabel="Paid" />
                <p>
                  <a href={receipt.invoiceUrl}>View invoice {receipt.invoiceNumber}</a>
                </p>
              </section>
            </>
          ) : (
            downloadButton
          )}
        </div>
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
