import type { RuntimeConfig } from '../../contract/config/entities';

/** Loads the bot-protection script with the configured site key; does nothing when none is set. */
export function loadBotCheck(config: RuntimeConfig): void {
  if (!config.botCheckSiteKey || !config.botCheckScriptUrl) return;
  if (document.querySelector('script[data-bot-check]')) return;
  const script = document.createElement('script');
  script.src = config.botCheckScriptUrl;
  script.async = true;
  script.defer = true;
  script.dataset.botCheck = config.botCheckSiteKey;
  document.head.appendChild(script);
}

/** The answer the bot-check widget left in the form, sent to GET /auth as ?token. */
export function botCheckToken(form: HTMLFormElement): string | undefined {
  const field = form.querySelector<HTMLInputElement>('input[name="cf-turnstile-response"], input[name="bot-check-token"]');
  return field?.value || undefined;
}

/** The widget's container, rendered inside login and register forms when a site key is set. */
export const botCheckWidgetClass = 'cf-turnstile';
