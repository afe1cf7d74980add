import { useState } from 'react';
import type { RuntimeConfig } from '../../../../contract/config/entities';
import { apiReferencePath } from '../../../../contract/shared/http';
import type { Territory } from '../../../../contract/shared/territory';
import { testCallHeaderLine, testCallWhat } from '../../../../contract/shared/testCalls';
import { Dialog } from '../../../shared/Dialog';
import { apiSettings, authHeader, exampleCost } from './apiSettings';
import { copiedText } from './ExportTokenDialog';

// Export settings for API (the ellipsis menu): the account id, each service's base URL, the header
// to send and one request per service, each with a Copy button.

export function ApiSettingsDialog({
  accountId,
  accountName,
  territory,
  config,
  origin,
  copyText,
  onClose,
}: {
  accountId: number;
  accountName: string;
  territory: Territory;
  config: Pick<RuntimeConfig, 'services'>;
  origin: string;
  copyText: (text: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const settings = apiSettings(config, origin, territory);
  const [copied, setCopied] = useState<string | null>(null);
  const copy = (key: string, text: string) => {
    copyText(text).then(
      () => setCopied(key),
      () => setCopied(null),
    );
  };
  const copyButton = (key: string, text: string, what: string) => (
    <button type="button" className="button button--small" aria-label={`Copy ${what}`} onClick={() => copy(key, text)}>
      Copy
    </button>
  );
  return (
    <Dialog title="Export settings for API" onClose={onClose} describedBy="settings-what">
      <div className="api-settings">
        <p id="settings-what">
          What your developers need to call the services of <strong>{accountName}</strong>. Export an API token first and send it in the
          header of every call.
        </p>
        <dl className="details api-settings__details">
          <dt>Account id</dt>
          <dd>
            <code>{accountId}</code> {copyButton('account', String(accountId), 'the account id')}
          </dd>
          <dt>Header</dt>
          <dd>
            <code>{authHeader}</code> {copyButton('header', authHeader, 'the header')}
          </dd>
          <dt>Test calls</dt>
          <dd>
            <code>{testCallHeaderLine}</code> {copyButton('test', testCallHeaderLine, 'the test call header')}
            <span className="muted api-settings__note">
              Add it to any example below on a plan that allows test calls (the services page says which do). {testCallWhat}
            </span>
          </dd>
        </dl>
        {settings.map((s) => (
          <section key={s.key} className="api-settings__service" aria-labelledby={`settings-${s.key}`}>
            <h3 id={`settings-${s.key}`}>{s.label}</h3>
            <p className="api-settings__base">
              Base URL <code>{s.baseUrl}</code>
            </p>
            <pre className="api-settings__example" tabIndex={0} aria-label={`Example request: ${s.label}`}>
              {s.example}
            </pre>
            <p className="muted api-settings__cost">{exampleCost}</p>
            {copyButton(s.key, s.example, `the ${s.label} example`)}
          </section>
        ))}
        <p className="muted">Address cleanse has no API address in this deployment: cleanse files in the portal.</p>
        <p>
          Every call, its parameters and answers: <a href={apiReferencePath}>API reference</a>
        </p>
        <p role="status" className="status-line">
          {copied ? copiedText : ''}
        </p>
      </div>
      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
