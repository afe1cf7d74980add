import { useState, type FormEvent } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import type { FileStatus, FileSummary } from '../../../../contract/bureau/entities';
import { bureauApi } from '../../../api/bureau';
import { usePortal } from '../../../app/PortalContext';
import { DeleteControl } from '../../../shared/DeleteControl';
import { Dialog } from '../../../shared/Dialog';
import { Field } from '../../../shared/Field';
import { formatDate } from '../../../shared/format';
import '../../../shared/stackedTable.css';
import { formatCount } from '../../../../contract/shared/numbers';

// The account's files (GET /files) on /applications/addresscleanse: open one where its workflow
// stands (the file page routes to mapping, properties, test or results), rename it in a dialog
// (PUT /files), or delete it with its upload and results (DELETE /files) after asking.

/** What each status means to the user, in the words of the wizard's steps. */
export const statusText: Record<FileStatus, string> = {
  mapping: 'Fields to map',
  ready: 'Ready to test',
  queued: 'Results queued',
  running: 'Results being made',
  results: 'Results ready to buy',
  failed: 'Results failed',
  paid: 'Paid: ready to download',
  discarded: 'Results discarded',
};

const uploadPage = '/applications/addresscleanse/upload';
const filePage = '/applications/addresscleanse/file/$fileId';

export function FileList({ files }: { files: readonly FileSummary[] }) {
  const portal = usePortal();
  const router = useRouter();
  const [renaming, setRenaming] = useState<FileSummary | null>(null);
  const reload = () => void router.invalidate();

  return (
    <section className="card" aria-labelledby="bureau-files-title">
      <div className="bureau-stats__head">
        <h2 id="bureau-files-title">Your files</h2>
        {files.length > 0 && (
          <Link to={uploadPage} className="button button--small">
            Upload another file
          </Link>
        )}
      </div>
      {files.length === 0 ? (
        <div className="empty-state">
          <p>No files yet. Upload a CSV or delimited text file of addresses: you map its columns, choose how to cleanse it and see a free test before you pay.</p>
          <p>
            <Link to={uploadPage} className="button button--primary">
              Upload your first file
            </Link>
          </p>
        </div>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="bureau-files-title">
          <table className="table table--stack bureau-files" aria-labelledby="bureau-files-title">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col" className="bureau-files__num">Records</th>
                <th scope="col">Status</th>
                <th scope="col">Uploaded</th>
                <th scope="col">Results kept until</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {files.map((f) => (
                <tr key={f.id}>
                  <th scope="row" className="bureau-files__name">
                    <Link to={filePage} params={{ fileId: f.id }}>
                      {f.name}
                    </Link>
                  </th>
                  <td className="bureau-files__num" data-label="Records">{formatCount(f.rowCount)}</td>
                  <td data-label="Status" data-testid={`file-status-${f.id}`}>{statusText[f.status]}</td>
                  <td data-label="Uploaded">{formatDate(f.createdAt)}</td>
                  <td data-label="Results kept until">{f.expiresAt === null ? '—' : formatDate(f.expiresAt)}</td>
                  <td className="bureau-files__actions">
                    <button type="button" className="link-button" aria-label={`Rename file ${f.name}`} onClick={() => setRenaming(f)}>
                      Rename
                    </button>
                    <DeleteControl
                      id={`delete-file-${f.id}`}
                      what="file"
                      name={f.name}
                      compact
                      act={() => bureauApi(portal.api).deleteFile(f.id)}
                      done={reload}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {renaming && (
        <RenameDialog
          file={renaming}
          onClose={() => setRenaming(null)}
          onRenamed={() => {
            setRenaming(null);
            reload();
          }}
        />
      )}
    </section>
  );
}

function RenameDialog({ file, onClose, onRenamed }: { file: FileSummary; onClose: () => void; onRenamed: () => void }) {
  const portal = usePortal();
  const [busy, setBusy] = useState(false);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const name = String(new FormData(e.currentTarget).get('name') ?? '').trim();
    setBusy(true);
    // A refusal shows the Error modal over the dialog, which stays open to try again.
    bureauApi(portal.api)
      .renameFile(file.id, name)
      .then(onRenamed, () => setBusy(false));
  };
  return (
    <Dialog title={`Rename ${file.name}`} onClose={onClose}>
      <form onSubmit={submit}>
        <Field label="New name" name="name" defaultValue={file.name} required maxLength={255} autoComplete="off" />
        <div className="form__row form__row--spaced">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Renaming…' : 'Rename'}
          </button>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
