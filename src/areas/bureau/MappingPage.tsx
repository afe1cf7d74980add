import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { fileEncodingNames, fileEncodings, mappingTypes, type FileEncoding, type MappingType } from '../../../contract/shared/bureau';
import { formatDate } from '../../shared/format';
import { Spinner } from '../../shared/Spinner';
import { mappingProblems, typeLabels } from './mappingText';
import { useFilePage } from './useFilePage';
import './bureau.css';

// /file/{fileId}/updatefields: each column with its two sample rows and what it holds (auto-mapped by
// the server); the user corrects the types and the order of lines of one type, or copies the mapping
// of an earlier file with the same columns. The page says which text encoding the file was read in
// (detected by the server) and lets the user read it again in another when its letters look wrong.

export default function MappingPage() {
  const actor = useFilePage('updatefields');
  const s = useSelector(actor, (x) => x);
  const { fields, mapping, error } = s.context;
  if (s.matches({ mapping: 'failed' })) {
    return (
      <section className="bureau" role="alert">
        <h1>Map the columns</h1>
        <p className="upload__error">{error}</p>
        <button type="button" className="button" onClick={() => actor.send({ type: 'user.retry' })}>Try again</button>
      </section>
    );
  }
  if (!fields || !mapping) return <Spinner />;
  const rereading = s.matches({ mapping: 'rereading' });
  const busy = s.matches({ mapping: 'saving' }) || rereading;
  const problems = mappingProblems(error, mapping.inputFields);
  const change = (inputOrder: number, patch: { mappingType?: MappingType; mappingOrder?: number }) =>
    actor.send({ type: 'user.map', mapping: { ...mapping, inputFields: mapping.inputFields.map((f) => (f.inputOrder === inputOrder ? { ...f, ...patch } : f)) } });
  return (
    <section className="bureau" aria-labelledby="mapping-heading">
      <h1 id="mapping-heading">Map the columns</h1>
      <p>Say what each column of your file holds. Columns set to Ignore are kept in the output as they are.</p>
      {fields.templates.map((t) => (
        <p key={t.fileId} className="bureau__template">
          You mapped a file with the same columns before ({t.name}, {formatDate(t.createdAt)}).{' '}
          <button type="button" className="button" disabled={busy} onClick={() => actor.send({ type: 'user.useTemplate', templateFileId: t.fileId })}>
            Use that mapping
          </button>
        </p>
      ))}
      <EncodingChoice
        key={fields.encoding}
        read={fields.encoding}
        detected={fields.detectedEncoding}
        replaced={fields.inputFields.some((f) => `${f.name}${f.row1}${f.row2}`.includes('\uFFFD'))}
        busy={busy}
        rereading={rereading}
        onChoose={(encoding) => actor.send({ type: 'user.readAs', encoding })}
      />
      <label className="bureau__check">
        <input type="checkbox" checked={mapping.hasHeader} disabled={busy} onChange={(e) => actor.send({ type: 'user.map', mapping: { ...mapping, hasHeader: e.target.checked } })} /> The first row holds the column names
      </label>
      <div className="bureau__scroll">
        <table className="bureau__table bureau__table--stack">
          <caption className="sr-only">Columns of the file with two sample rows</caption>
          <thead>
            <tr><th scope="col">Column</th><th scope="col">Row 1</th><th scope="col">Row 2</th><th scope="col">Holds</th><th scope="col">Order</th></tr>
          </thead>
          <tbody>
            {fields.inputFields.map((f) => {
              const m = mapping.inputFields.find((x) => x.inputOrder === f.inputOrder)!;
              const said = problems.byColumn.get(f.inputOrder);
              const described = said ? { 'aria-invalid': true, 'aria-describedby': `column-problem-${f.inputOrder}` } : {};
              return (
                <tr key={f.inputOrder}>
                  <th scope="row">
                    {f.name || `Column ${f.inputOrder + 1}`}
                    {said ? <span className="upload__error bureau__problem" id={`column-problem-${f.inputOrder}`}>{said.join('. ')}</span> : null}
                  </th>
                  <td data-label="Row 1"><span>{f.row1}</span></td>
                  <td data-label="Row 2"><span>{f.row2}</span></td>
                  <td data-label="Holds">
                    <select aria-label={`What ${f.name || `column ${f.inputOrder + 1}`} holds`} value={m.mappingType} disabled={busy} {...described} onChange={(e) => change(f.inputOrder, { mappingType: mappingTypes.find((t) => t === e.target.value) ?? 'ignore' })}>
                      {mappingTypes.map((t) => <option key={t} value={t}>{typeLabels[t]}</option>)}
                    </select>
                  </td>
                  <td data-label="Order">
                    <input className="bureau__order" type="number" min={0} max={20} aria-label={`Order of ${f.name || `column ${f.inputOrder + 1}`}`} value={m.mappingOrder} disabled={busy} {...described} onChange={(e) => change(f.inputOrder, { mappingOrder: Number(e.target.value) })} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {error ? <p className="upload__error" role="alert">{problems.other ?? 'Some columns need a change: see the message under each column name'}</p> : null}
      <button type="button" className="button button--primary" disabled={busy} onClick={() => actor.send({ type: 'user.saveMapping' })}>
        {busy ? 'Saving...' : 'Save and choose the properties'}
      </button>
    </section>
  );
}

/** Which encoding the file was read in, and a choice of another to read it again in. */
function EncodingChoice(props: { read: FileEncoding; detected: FileEncoding; replaced: boolean; busy: boolean; rereading: boolean; onChoose: (e: FileEncoding) => void }) {
  const { read, detected, replaced, busy, rereading, onChoose } = props;
  const [choice, setChoice] = useState<FileEncoding>(read);
  return (
    <form
      className="bureau__encoding"
      aria-label="Text encoding"
      onSubmit={(e) => {
        e.preventDefault();
        onChoose(choice);
      }}
    >
      <p data-testid="encoding-read">
        Read as <strong>{fileEncodingNames[read]}</strong>
        {read === detected ? ' (detected from the file).' : ` (your choice; the file looked like ${fileEncodingNames[detected]}).`}
      </p>
      {replaced ? <p className="upload__error" data-testid="encoding-replaced">Some characters could not be read as {fileEncodingNames[read]} and show as {'\uFFFD'}.</p> : null}
      <label htmlFor="encoding-choice">If letters such as é or £ look wrong in the rows below, read the file as</label>
      <div className="bureau__encoding-row">
        <select id="encoding-choice" value={choice} disabled={busy} onChange={(e) => setChoice(fileEncodings.find((x) => x === e.target.value) ?? read)}>
          {fileEncodings.map((e) => <option key={e} value={e}>{fileEncodingNames[e]}</option>)}
        </select>
        <button type="submit" className="button" disabled={busy || choice === read}>{rereading ? 'Reading the file again...' : 'Read again'}</button>
      </div>
    </form>
  );
}
