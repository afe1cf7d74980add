import type { OrderKind } from '../../contract/shared/shop';
import type { Config } from '../config';
import type { AddressDatasets } from '../engines/address/datasets';
import type { EmailResolver } from '../engines/email/resolver';
import type { Db } from '../db';
import type { JobsHandle } from '../jobs/handle';
import type { PaymentGateway } from '../payments/gateway';
import type { Clock } from '../platform/clock';
import type { FileStorage } from '../platform/fileStorage';
import type { Mailer } from '../platform/mail';
import type { PaidOrderWork } from './orders';
import type { InviteTokens } from '../modules/groups/index';
import type { SessionJwt } from '../modules/users/index';

/**
 * What the services need from the outside world, built once in app.ts. Each service function takes
 * the part it uses (Pick<Deps, ...>), so tests build it with real PGlite and fakes for time.
 */
export type Deps = {
  db: Db;
  mail: Mailer;
  clock: Clock;
  jwt: SessionJwt;
  inviteTokens: InviteTokens;
  config: Config;
  log: { error(obj: unknown, msg?: string): void };
  /** The bot check of login and signup: throws 400 when the widget's token is not genuine. */
  botCheck: (token: string | undefined, ip: string) => Promise<void>;
  /** The address datasets, loaded in the background (server/engines/address). */
  addressDatasets: AddressDatasets;
  /** The email validation service's DNS: the configured servers (EMAIL_DNS_SERVERS) or the system's; tests inject their own. */
  emailResolver: EmailResolver;
  /** The payment gateway (PAYMENT_GATEWAY; the embedded test gateway by default). */
  gateway: PaymentGateway;
  /**
   * The pg-boss job queue (server/jobs). Usable at once: it starts on app ready in the real server,
   * and on the first send in tests; `work` registers nothing when JOBS_WORKER=0.
   */
  jobs: JobsHandle;
  /** Uploaded files (server/platform/fileStorage.ts): the shared folder FILE_STORAGE_DIR by default. */
  fileStorage: FileStorage;
  /**
   * What a paid order of a kind does beyond its bundles and invoice, in the fulfilling transaction
   * (a bureau order pays its file). Wired in app.ts, so the shop names no module that sells through it.
   */
  paidOrders: Record<Exclude<OrderKind, 'shop' | 'renewal'>, PaidOrderWork>;
};

/**
 * Origin for links in emails, never taken from an arbitrary Host header: PUBLIC_URL; else where the
 * request was sent when that is one of the portal's own hosts (localhost, *.localhost, PORTAL_HOSTS
 * and their uk- and aus- variants); else DEFAULT_PUBLIC_URL.
 */
export function baseUrlOf(deps: Pick<Deps, 'config'>, origin: string): string {
  const { publicUrl, portalHosts, defaultPublicUrl } = deps.config;
  if (publicUrl) return publicUrl;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return defaultPublicUrl;
  }
  const host = url.hostname.toLowerCase();
  const bare = host.replace(/^(uk|aus)-/, '');
  const own =
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    (host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost') ||
      portalHosts.includes(host) || portalHosts.includes(bare));
  return own ? url.origin : defaultPublicUrl;
}
