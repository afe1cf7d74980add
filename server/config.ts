import { join } from 'node:path';
import type { RuntimeConfig, ServiceName } from '../contract/config/entities';
import { uploadChunkBytes } from '../contract/files/entities';
import { parseTrustProxy, type TrustProxy } from './http/trustProxy';
import type { S3StorageOptions } from './platform/s3Storage';
import { parseTerritory, type Territory } from '../contract/shared/territory';

/** Where each service of spec section 7 is mounted; the SPA reads these from the runtime config. */
export const servicePaths: Record<ServiceName, string> = {
  users: '/api/users',
  plans: '/api/plans',
  bureau: '/api/bureau',
  filesUk: '/api/files/uk',
  filesAustralia: '/api/files/australia',
  address: '/api/address',
  autocomplete: '/api/autocomplete',
  email: '/api/email',
  bank: '/api/bank',
  name: '/api/name',
};

export type ThrottleLimits = {
  /** Failed logins for one user name from one IP address within the window before further tries from there are refused. */
  accountFailures: number;
  /** Failed logins for one user name from everywhere: much higher, so one place cannot lock out the real user. */
  accountWideFailures: number;
  /** After this many failures for one account within the window its owner is emailed (once). */
  alertFailures: number;
  /** Sign-ups from one IP address per hour. */
  signupsPerIp: number;
  /** Failed logins from one IP address within the window (any user names). */
  ipFailures: number;
  windowSeconds: number;
};

/** How long a connection may take before the server closes it (half-open and slow clients). */
export type HttpLimits = {
  /** The request line and headers must arrive within this. */
  headersTimeoutMs: number;
  /** The whole request, body included (a 10 MB upload chunk on a slow line), within this. */
  requestTimeoutMs: number;
  /** A connection that sends and receives nothing for this long is closed. */
  idleTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** Connections beyond this are refused at once rather than exhausting file descriptors. */
  maxConnections: number;
  /** How often the server looks for connections past their headers or request timeout. */
  checkIntervalMs: number;
};

export type Config = {
  port: number;
  /** How often the automatic renewal sweep looks for subscriptions to renew (RENEWAL_SWEEP_SECONDS). */
  renewalSweepSeconds: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  /** Origin used in links of emails; null takes the origin of the request. */
  publicUrl: string | null;
  /**
   * Without PUBLIC_URL: the hosts links may point at when a request names them (PORTAL_HOSTS, with
   * their uk- and aus- variants; localhost always), and the origin used for any other Host header.
   */
  portalHosts: string[];
  defaultPublicUrl: string;
  staticDir: string;
  jwtSecret: string | null;
  /** When set, login and signup require a bot-check token that the verifier accepts. */
  botCheckSecret: string | null;
  botCheckVerifyUrl: string | null;
  seedDemo: boolean;
  /** Which X-Forwarded-* hops to believe (TRUST_PROXY): none, a hop count, or the proxies' addresses. See parseTrustProxy. */
  trustProxy: TrustProxy;
  /** BANK_SOAP_CREDENTIAL: the {key} a bank validation SOAP request must embed; null turns the SOAP call off (503 Fault). */
  bankSoapCredential: string | null;
  logLevel: string;
  /** The address datasets: a full PAF or G-NAF file each (ADDRESS_DATA_UK, ADDRESS_DATA_AUSTRALIA), else the generated sample of ADDRESS_SAMPLE_SIZE addresses in DATA_DIR/address. */
  address: { ukFile: string | null; australiaFile: string | null; sampleSize: number; preload: boolean };
  /** The email validation service's DNS: servers (EMAIL_DNS_SERVERS, the system's when empty), ms per try, tries. */
  emailDns: { servers: string[]; timeoutMs: number; tries: number };
  throttle: ThrottleLimits;
  /** Staff accounts must sign in with a second factor (NODE_ENV=production). */
  staffTwoFactor: boolean;
  http: HttpLimits;
  /** The payment gateway (PAYMENT_GATEWAY: only the embedded 'test' one so far) and its webhooks. */
  payments: {
    gateway: 'test';
    /**
     * Shared with the gateway to sign webhooks (PAYMENT_WEBHOOK_SECRET: a real gateway's signing
     * secret, from its dashboard). Unset, the embedded test gateway signs with a random secret made
     * once per installation and kept in the database (server/platform/secrets.ts).
     */
    webhookSecret: string | null;
    /** Where the gateway delivers webhooks (PAYMENT_WEBHOOK_URL); null: this process's own listening address. */
    webhookUrl: string | null;
  };
  /** JOBS_WORKER=0: this process queues jobs but works none (another process does). */
  jobs: { worker: boolean; maintenanceSeconds?: number };
  /**
   * The bureau's results job: a run not done in expireSeconds is taken for dead and tried again
   * (BUREAU_JOB_EXPIRE_SECONDS, 7200), retryDelaySeconds after (BUREAU_JOB_RETRY_DELAY_SECONDS, 10);
   * progress is written every progressRows rows (BUREAU_PROGRESS_ROWS, 5000).
   */
  bureau: { expireSeconds: number; retryDelaySeconds: number; progressRows: number; retentionSweepSeconds: number };
  /**
   * Chunked uploads of the file servers: the shared folder every process stores them in
   * (FILE_STORAGE_DIR; DATA_DIR/uploads by default) and the chunk size (UPLOAD_CHUNK_BYTES; spec
   * section 9: 10,000,000 bytes; tests use a smaller one). FILE_STORAGE=s3 keeps them in an S3 bucket
   * instead (s3: S3_BUCKET, S3_PREFIX, S3_REGION, S3_ENDPOINT, S3_FORCE_PATH_STYLE), for hosts that share no folder.
   */
  files: { storageDir: string; chunkBytes: number; s3: S3StorageOptions | null };
  /** The seller printed on invoices (SELLER_NAME, SELLER_ADDRESS with lines split at commas, SELLER_TAX_NUMBER_UK / _AUSTRALIA). */
  seller: { name: string; address: string[]; taxNumbers: Record<Territory, string> };
  /** GET /metrics: with METRICS_TOKEN as a bearer token, or on METRICS_PORT (at METRICS_HOST, 127.0.0.1) with none; off when neither is set. */
  metrics: { token: string | null; port: number | null; host: string };
  /**
   * On SIGTERM: answer not ready for drainMs first (SHUTDOWN_DRAIN_MS: long enough for the load
   * balancer's health check to take the process out), then stop listening and give the requests and
   * the job in flight until timeoutMs (SHUTDOWN_TIMEOUT_MS) to finish.
   */
  shutdown: { drainMs: number; timeoutMs: number };
  runtime: RuntimeConfig;
};

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  const text = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : null;
  };
  const int = (name: string, fallback: number, min = 0) => {
    const value = text(name);
    if (value === null) return fallback;
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < min) throw new Error(`${name} must be an integer of at least ${min}`);
    return parsed;
  };
  const flag = (name: string) => ['1', 'true', 'yes'].includes((text(name) ?? '').toLowerCase());

  const databaseUrl = text('DATABASE_URL');
  if (env.NODE_ENV === 'production') requireProductionSettings(text);
  return {
    port: int('PORT', 8080),
    renewalSweepSeconds: int('RENEWAL_SWEEP_SECONDS', 60),
    host: text('HOST') ?? '0.0.0.0',
    dataDir: text('DATA_DIR') ?? './data',
    databaseUrl,
    smtpUrl: text('SMTP_URL'),
    mailFrom: text('MAIL_FROM') ?? 'Data Quality Portal <no-reply@portal.localhost>',
    publicUrl: text('PUBLIC_URL')?.replace(/\/+$/, '') ?? null,
    portalHosts: (text('PORTAL_HOSTS') ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean),
    defaultPublicUrl: text('DEFAULT_PUBLIC_URL')?.replace(/\/+$/, '') ?? `http://localhost:${int('PORT', 8080)}`,
    staticDir: text('STATIC_DIR') ?? './dist',
    jwtSecret: text('JWT_SECRET'),
    botCheckSecret: text('BOT_CHECK_SECRET'),
    botCheckVerifyUrl: text('BOT_CHECK_VERIFY_URL'),
    // The embedded database is a demo: seed it (never in production). A shared PostgreSQL is seeded only on request.
    seedDemo: text('SEED_DEMO') === null ? !databaseUrl && env.NODE_ENV !== 'production' : flag('SEED_DEMO'),
    trustProxy: parseTrustProxy(text('TRUST_PROXY')),
    bankSoapCredential: text('BANK_SOAP_CREDENTIAL'),
    // Request logs are JSON lines at info; the demo console stays readable at warn.
    logLevel: text('LOG_LEVEL') ?? 'warn',
    address: {
      ukFile: text('ADDRESS_DATA_UK'),
      australiaFile: text('ADDRESS_DATA_AUSTRALIA'),
      sampleSize: int('ADDRESS_SAMPLE_SIZE', 200_000, 1),
      // ADDRESS_PRELOAD=0: load on the first address call instead of at start (benches of other things, multi-process tests).
      preload: !['0', 'false', 'no', 'off'].includes((text('ADDRESS_PRELOAD') ?? '').toLowerCase()),
    },
    emailDns: {
      servers: (text('EMAIL_DNS_SERVERS') ?? '').split(',').map((s) => s.trim()).filter(Boolean),
      timeoutMs: int('EMAIL_DNS_TIMEOUT_MS', 2000, 10),
      tries: int('EMAIL_DNS_TRIES', 2, 1),
    },
    throttle: {
      accountFailures: int('LOGIN_MAX_FAILURES_ACCOUNT', 5, 1),
      ipFailures: int('LOGIN_MAX_FAILURES_IP', 20, 1),
      accountWideFailures: int('LOGIN_MAX_FAILURES_ACCOUNT_WIDE', 100, 1),
      alertFailures: int('LOGIN_ALERT_FAILURES', 10, 1),
      signupsPerIp: int('SIGNUP_MAX_PER_IP', 20, 1),
      windowSeconds: int('LOGIN_THROTTLE_WINDOW_SECONDS', 900, 1),
    },
    staffTwoFactor: env.NODE_ENV === 'production',
    http: {
      headersTimeoutMs: int('HTTP_HEADERS_TIMEOUT_MS', 10_000, 100),
      requestTimeoutMs: int('HTTP_REQUEST_TIMEOUT_MS', 120_000, 100),
      idleTimeoutMs: int('HTTP_IDLE_TIMEOUT_MS', 30_000, 100),
      keepAliveTimeoutMs: int('HTTP_KEEPALIVE_TIMEOUT_MS', 5_000, 100),
      maxConnections: int('HTTP_MAX_CONNECTIONS', 10_000, 1),
      checkIntervalMs: int('HTTP_CHECK_INTERVAL_MS', 1_000, 10),
    },
    payments: {
      gateway: paymentGateway(text('PAYMENT_GATEWAY')),
      webhookSecret: text('PAYMENT_WEBHOOK_SECRET'),
      webhookUrl: text('PAYMENT_WEBHOOK_URL'),
    },
    jobs: {
      worker: !['0', 'false', 'no', 'off'].includes((text('JOBS_WORKER') ?? '').toLowerCase()),
      maintenanceSeconds: text('JOBS_MAINTENANCE_SECONDS') === null ? undefined : int('JOBS_MAINTENANCE_SECONDS', 120, 1),
    },
    bureau: {
      expireSeconds: int('BUREAU_JOB_EXPIRE_SECONDS', 7200, 1),
      retryDelaySeconds: int('BUREAU_JOB_RETRY_DELAY_SECONDS', 10, 0),
      progressRows: int('BUREAU_PROGRESS_ROWS', 5000, 1),
      retentionSweepSeconds: int('BUREAU_RETENTION_SWEEP_SECONDS', 3600, 1),
    },
    files: {
      storageDir: text('FILE_STORAGE_DIR') ?? join(text('DATA_DIR') ?? './data', 'uploads'),
      chunkBytes: int('UPLOAD_CHUNK_BYTES', uploadChunkBytes, 1),
      s3: s3Settings(text, flag),
    },
    seller: {
      name: text('SELLER_NAME') ?? 'Demo Data Quality Ltd',
      address: (text('SELLER_ADDRESS') ?? '1 Example Street, London, EC1A 1AA, United Kingdom').split(',').map((line) => line.trim()).filter(Boolean),
      taxNumbers: {
        uk: text('SELLER_TAX_NUMBER_UK') ?? 'GB 123 4567 89',
        australia: text('SELLER_TAX_NUMBER_AUSTRALIA') ?? '12 345 678 901',
      },
    },
    metrics: {
      token: text('METRICS_TOKEN'),
      port: text('METRICS_PORT') === null ? null : int('METRICS_PORT', 0, 1),
      host: text('METRICS_HOST') ?? '127.0.0.1',
    },
    shutdown: { drainMs: int('SHUTDOWN_DRAIN_MS', 0), timeoutMs: int('SHUTDOWN_TIMEOUT_MS', 30_000, 1) },
    runtime: {
      services: { ...servicePaths },
      supportEmail: text('SUPPORT_EMAIL') ?? 'support@portal.localhost',
      botCheckSiteKey: text('BOT_CHECK_SITE_KEY'),
      botCheckScriptUrl: text('BOT_CHECK_SCRIPT_URL'),
      requestCacheSeconds: int('REQUEST_CACHE_SECONDS', 30),
      defaultTerritory: parseTerritory(text('DEFAULT_TERRITORY') ?? 'uk'),
      sessionRecycleSeconds: int('SESSION_RECYCLE_SECONDS', 3600, 10),
      visualiser: visualiserAccess(text('VISUALISER'), env.NODE_ENV),
    },
  };
}

/** The least length of a secret given in the environment (256 bits as hex). */
const secretLength = 32;

/**
 * NODE_ENV=production: what a deployment must set, checked before anything starts (one error naming
 * every gap). The embedded defaults suit a demo on one machine, not a service on the internet: a
 * random per-installation secret, links from the request's Host, no proxy, mail kept in a table.
 */
function requireProductionSettings(text: (name: string) => string | null): void {
  const gaps: string[] = [];
  for (const name of ['JWT_SECRET', 'PAYMENT_WEBHOOK_SECRET']) {
    const value = text(name);
    if (value === null || value.length < secretLength) gaps.push(`${name} (a secret of at least ${secretLength} characters, e.g. openssl rand -hex 32)`);
  }
  const publicUrl = text('PUBLIC_URL');
  if (publicUrl === null || !/^https:\/\//.test(publicUrl)) gaps.push('PUBLIC_URL (the https:// origin customers use: links in mails)');
  if (text('TRUST_PROXY') === null) gaps.push('TRUST_PROXY (the load balancers\' addresses, or 0 when clients connect directly)');
  if (text('SMTP_URL') === null) gaps.push('SMTP_URL (without it mail is only kept in the outbox table)');
  if (['1', 'true', 'yes'].includes((text('SEED_DEMO') ?? '').toLowerCase())) gaps.push('SEED_DEMO unset (the demo users have a published password)');
  if (gaps.length > 0) throw new Error(`NODE_ENV=production needs: ${gaps.join('; ')}. See docs/deployment.md.`);
}

/** Only the embedded test gateway exists; a typo must not start a portal that cannot take payments. */
function paymentGateway(value: string | null): 'test' {
  if (value === null || value.toLowerCase() === 'test') return 'test';
  throw new Error(`PAYMENT_GATEWAY=${value} is not supported: the only payment gateway built so far is 'test' (the embedded test gateway)`);
}

/** FILE_STORAGE=folder (the default: FILE_STORAGE_DIR) or s3, which needs S3_BUCKET; credentials come from the AWS SDK's default chain. */
function s3Settings(text: (name: string) => string | null, flag: (name: string) => boolean): S3StorageOptions | null {
  const kind = (text('FILE_STORAGE') ?? 'folder').toLowerCase();
  if (kind === 'folder') return null;
  if (kind !== 's3') throw new Error(`FILE_STORAGE=${text('FILE_STORAGE')} is not supported: use folder (FILE_STORAGE_DIR, the default) or s3 (S3_BUCKET)`);
  const bucket = text('S3_BUCKET');
  if (bucket === null) throw new Error('FILE_STORAGE=s3 needs S3_BUCKET (the bucket uploaded files are kept in)');
  return { bucket, prefix: text('S3_PREFIX') ?? '', region: text('S3_REGION') ?? 'us-east-1', endpoint: text('S3_ENDPOINT') ?? undefined, forcePathStyle: flag('S3_FORCE_PATH_STYLE') };
}

/** VISUALISER=staff opens the visualiser to staff, VISUALISER=1|everyone to all; development defaults to all. */
function visualiserAccess(value: string | null, nodeEnv: string | undefined): RuntimeConfig['visualiser'] {
  const v = (value ?? '').toLowerCase();
  if (v === 'staff') return 'staff';
  if (['1', 'true', 'yes', 'everyone', 'all'].includes(v)) return 'everyone';
  if (['0', 'false', 'no', 'off'].includes(v)) return 'off';
  return nodeEnv === 'development' ? 'everyone' : 'off';
}
