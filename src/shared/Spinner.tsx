import { loadingText } from '../../contract/shared/messages';

/** The spec's spinner: "Loading...", or another text such as "Uploading file...". */
export function Spinner({ text = loadingText }: { text?: string }) {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner__wheel" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
