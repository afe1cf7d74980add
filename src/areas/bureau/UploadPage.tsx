import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { fileLimitMessages } from '../../../contract/shared/bureau';
import { uploadingText } from '../../../contract/shared/messages';
import { chunkCount, maxRetries, uploadProgress } from '../../../machines/bureauFileParts';
import type { bureauUploadMachine } from '../../../machines/bureauUpload';
import { usePortal } from '../../app/PortalContext';
import { Spinner } from '../../shared/Spinner';
import { useBureauFile } from './useBureauFile';
import { bytesText, timeLeftText, uploadHeading } from './uploadText';
import './bureau.css';

// /applications/addresscleanse/upload: pick a CSV or delimited text file; it is hashed in a worker,
// then sent in 10,000,000-byte chunks with the progress, "Uploading file..." and the time left; the
// same file picked again after a reload resumes from the chunks the server holds.

type UploadActor = ActorRefFrom<typeof bureauUploadMachine>;

function Progress({ upload, chooseAnother }: { upload: UploadActor; chooseAnother: () => void }) {
  const s = useSelector(upload, (x) => x);
  const { file, hashIdx, retries, error } = s.context;
  if (!file) return null;
  if (s.matches('hashing')) {
    const percent = Math.floor((hashIdx / chunkCount(file.size)) * 100);
    return (
      <div className="upload__status">
        <Spinner text="Reading the file..." />
        <progress className="upload__bar" max={100} value={percent} aria-label={`Reading ${file.name}`} />
        <p>{percent}% read</p>
        <button type="button" className="button" onClick={() => upload.send({ type: 'user.cancel' })}>
          Cancel
        </button>
      </div>
    );
  }
  if (s.matches('empty')) {
    return (
      <div className="upload__status" role="alert">
        <p className="upload__error">
          {file.name}: {error}
        </p>
        <button type="button" className="button button--primary" onClick={chooseAnother}>
          Choose another file
        </button>
      </div>
    );
  }
  if (s.matches('failed')) {
    return (
      <div className="upload__status" role="alert">
        <p className="upload__error">{error}</p>
        <button type="button" className="button button--primary" onClick={() => upload.send({ type: 'user.retry' })}>
          Try again
        </button>
      </div>
    );
  }
  if (s.matches('choosing') || s.matches('done')) return null;
  const { sent, total, percent, secondsLeft } = uploadProgress(s.context);
  const paused = s.matches('paused');
  return (
    <div className="upload__status">
      {paused ? <p role="status">Upload paused</p> : <Spinner text={uploadingText} />}
      <progress className="upload__bar" max={100} value={percent} aria-label={`Uploading ${file.name}`} />
      <p className="upload__numbers">
        <span data-testid="upload-percent">{percent}%</span> · {bytesText(sent)} of {bytesText(total)}
        {!paused && !s.matches('ending') && !s.matches('creating') ? <> · {timeLeftText(secondsLeft)}</> : null}
      </p>
      {s.matches('retrying') ? (
        <p role="status">
          The upload was interrupted: carrying on from where the server stands ({retries} of {maxRetries})
        </p>
      ) : null}
      {s.matches('ending') || s.matches('creating') ? <p>Checking the file...</p> : null}
      {paused ? (
        <button type="button" className="button button--primary" onClick={() => upload.send({ type: 'user.resume' })}>
          Resume upload
        </button>
      ) : s.matches('sending') || s.matches('retrying') ? (
        <button type="button" className="button" onClick={() => upload.send({ type: 'user.pause' })}>
          Pause upload
        </button>
      ) : null}
    </div>
  );
}

function Upload({ upload }: { upload: UploadActor }) {
  const busy = useSelector(upload, (s) => !(s.matches('choosing') || s.matches('empty') || s.matches('failed') || s.matches('paused')));
  const picker = useRef<HTMLInputElement>(null);
  // The upload left unfinished, while a file is still to be picked (not beside the upload under way).
  const saved = useSelector(upload, (s) => (s.matches('choosing') ? s.context.saved : null));
  return (
    <>
      <div className="upload__pick">
        <label htmlFor="upload-file">File to cleanse (CSV or delimited text)</label>
        <input
          id="upload-file"
          ref={picker}
          type="file"
          accept=".csv,.txt,.tsv,.psv,text/csv,text/plain"
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) upload.send({ type: 'user.choose', file: { name: file.name, size: file.size, lastModified: file.lastModified, data: file } });
          }}
        />
        {saved ? (
          <p className="muted" data-testid="upload-unfinished">
            The upload of {saved.name} ({bytesText(saved.size)}) was not finished: pick the same file to carry on where it stopped.
          </p>
        ) : null}
      </div>
      <Progress upload={upload} chooseAnother={() => picker.current?.click()} />
    </>
  );
}

export default function UploadPage() {
  const portal = usePortal();
  const account = useSelector(portal.groups, (g) => g.context.selection.account);
  const actor = useBureauFile({ portal, accountId: account?.id ?? 0, territory: account?.territory ?? 'uk', page: 'upload', fileId: null });
  const upload = useSelector(actor, (s) => s.children.upload);
  return (
    <section className="bureau" aria-labelledby="upload-heading">
      <h1 id="upload-heading">{uploadHeading}</h1>
      <p>
        Upload a file of names and addresses, comma, tab, semicolon or pipe separated. You then say what each column holds, choose how to cleanse it, see a free test on a
        sample, and pay only for the results you keep.
      </p>
      <p className="muted" data-testid="upload-limits">{fileLimitMessages.summary}</p>
      {upload ? <Upload upload={upload} /> : <Spinner />}
    </section>
  );
}
