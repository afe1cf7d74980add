import { badRequest } from '../../errors';

/** Asks the bot-check provider whether a token from the browser widget is genuine. */
export type BotVerifier = (token: string, ip: string) => Promise<boolean>;

export const botCheckFailed = 'The bot check failed. Please try again.';

/**
 * The siteverify protocol shared by the common providers: POST secret, response and remoteip as a
 * form, get back JSON with `success`.
 */
export function siteVerifyVerifier(verifyUrl: string, secret: string): BotVerifier {
  return async (token, ip) => {
    const response = await fetch(verifyUrl, {
      method: 'POST',
      body: new URLSearchParams({ secret, response: token, remoteip: ip }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) return false;
    const result = (await response.json()) as { success?: unknown };
    return result.success === true;
  };
}

/**
 * The check login and signup run. With no secret configured (the embedded demo, tests) every
 * request passes; with one, a token is required and must satisfy the verifier.
 */
export function createBotCheck(options: {
  secret: string | null;
  verifyUrl: string | null;
  verifier?: BotVerifier;
}): (token: string | undefined, ip: string) => Promise<void> {
  const { secret, verifyUrl } = options;
  if (!secret) return async () => {};
  const verifier =
    options.verifier ?? (verifyUrl ? siteVerifyVerifier(verifyUrl, secret) : async () => false);
  return async (token, ip) => {
    const ok = token ? await verifier(token, ip).catch(() => false) : false;
    if (!ok) throw badRequest(botCheckFailed);
  };
}
