import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loggerOptions } from '../server/http/operations';
import { startServer } from '../server/main';
import { startDnsServer, testZone } from '../tests/support/dns-server';
import { e2eBankSoapKey } from './support/bank';
import { e2ePort } from './support/ports';
import { startMailbox, type CapturedMail } from './support/mailbox';
import { mailedSecrets, secretsIn } from './support/logScan';

/**
 * One real portal (fresh embedded database with the demo seed, the built SPA) and one real SMTP
 * server for the whole run. Sessions last 20 s so the renewal at half the remaining lifetime is seen.
 * The server logs every request as production does; at the end the log is scanned for secrets
 * (e2e/support/logScan.ts) and the run fails on any find.
 */
export default async function globalSetup() {
  const mailbox = await startMailbox();
  // The email validation service's DNS: a real DNS server on 127.0.0.1 with the test zone, so its
  // answers hold offline (gmail.com has MX records, gmial.com does not exist, servfail.example fails).
  const dns = await startDnsServer(testZone);
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const logFile = join(dataDir, 'server.log');
  const log = createWriteStream(logFile);
  const server = await startServer({
    port: e2ePort,
    host: '127.0.0.1',
    dataDir,
    smtpUrl: mailbox.smtpUrl,
    // Parallel work builds into its own folder and listens on its own E2E_PORT.
    staticDir: process.env.E2E_STATIC_DIR ?? 'dist',
    seedDemo: true,
    banner: false,
    logger: { ...loggerOptions('info'), stream: log },
    env: { ...process.env, DATABASE_URL: '', SESSION_RECYCLE_SECONDS: '20', REQUEST_CACHE_SECONDS: '30', VISUALISER: 'everyone', SIGNUP_MAX_PER_IP: '10000', EMAIL_DNS_SERVERS: dns.address, EMAIL_DNS_TIMEOUT_MS: '500', EMAIL_DNS_TRIES: '1', BANK_SOAP_CREDENTIAL: e2eBankSoapKey },
  });
  process.env.E2E_MAILBOX_URL = mailbox.httpUrl;
  return async () => {
    await server.close();
    log.end();
    await once(log, 'finish');
    const mails = (await (await fetch(mailbox.httpUrl)).json()) as CapturedMail[];
    const finds = secretsIn(readFileSync(logFile, 'utf8'), mailedSecrets(mails.map((mail) => mail.text)));
    await mailbox.close();
    await dns.close();
    if (finds.length > 0) throw new Error(`The server's log of this run holds secrets (kept in ${logFile}):\n${finds.join('\n')}`);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
