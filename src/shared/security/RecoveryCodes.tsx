import './security.css';
import { useState } from 'react';

/**
 * Recovery codes, shown once: each signs in once instead of the second factor. The user copies or
 * downloads them and says they are kept before going on.
 */
export function RecoveryCodes({ codes, onDone, doneLabel = 'Continue' }: { codes: string[]; onDone: () => void; doneLabel?: string }) {
  const [kept, setKept] = useState(false);
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n') + '\n';
  const copy = async () => {
    await navigator.clipboard.writeText(text);
    setCopied(true);
  };
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'data-quality-portal-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <div className="recovery" role="region" aria-labelledby="recovery-title">
      <h2 id="recovery-title">Your recovery codes</h2>
      <p>
        Keep these somewhere safe, apart from your phone. If you lose your authenticator app or passkey, each code signs you in
        once. They are shown only now.
      </p>
      <ol className="recovery__codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="form__row">
        <button type="button" className="button" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" className="button" onClick={download}>
          Download as text
        </button>
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={kept} onChange={(e) => setKept(e.currentTarget.checked)} /> I have kept my recovery codes
      </label>
      <div className="form__row">
        <button type="button" className="button button--primary" disabled={!kept} onClick={onDone}>
          {doneLabel}
        </button>
      </div>
    </div>
  );
}
