import Fastify, { LogController, type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import qs from 'qs';
import type { ServiceName } from '../contract/config/entities';
import { servicePaths, type Config } from './config';
import type { Db } from './db';
import { fastifyTrustProxy } from './http/trustProxy';
import { createAddressDatasets } from './engines/address/datasets';
import { nodeResolver, type EmailResolver } from './engines/email/resolver';
import { registerAuthentication } from './http/authenticate';
import { registerErrorHandling } from './http/errors';
import { registerApiDocs } from './http/openapi';
import { registerOperations, requestIdOf } from './http/operations';
import { registerSecurity } from './http/security';
import { spaPlugin } from './http/spa';
import { addressPlugin, autocompletePlugin } from './modules/address/plugin';
import { bankJsonPlugin, bankSoapPlugin } from './modules/bank/plugin';
import { configPlugin } from './modules/config/plugin';
import { emailPlugin } from './modules/email/plugin';
import { bureauMoneyPlugin } from './modules/bureau/moneyPlugin';
import { payBureauFileIn } from './modules/bureau/index';
import { bureauPlugin, bureauQueues } from './modules/bureau/plugin';
import { filesAustraliaPlugin, filesUkPlugin } from './modules/files/plugin';
import type { Deps } from './kernel/deps';
import { createInviteTokens } from './modules/groups/index';
import { groupsPlugin } from './modules/groups/plugin';
import { leadsPlugin, partnerPlansPlugin } from './modules/leads/plugin';
import { serviceJwtPlugin, usageAlertsPlugin } from './modules/metering/plugin';
import { namePlugin } from './modules/name/plugin';
import { plansPlugin } from './modules/plans/plugin';
import { searchPlugin } from './modules/search/plugin';
import { renewalQueues } from './modules/shop/index';
import { shopPlugin, shopWebhookPlugin } from './modules/shop/plugin';
import { tokensPlugin } from './modules/tokens/plugin';
import { createBotCheck, createSessionJwt, type BotVerifier } from './modules/users/index';
import { usersPlugin } from './modules/users/plugin';
import { usagePlugin } from './modules/usage/plugin';
import { createJobsHandle } from './jobs/handle';
import { createReadiness } from './platform/health';
import { createMetrics } from './platform/metrics';
import type { QueueDefinition } from './jobs/queue';
import { createTestGateway } from './payments/testGateway';
import { gatewayWebhookQueue } from './payments/testGatewayEvents';
import { webhookSecretKey } from './payments/signing';
import { testGatewayPagesPlugin } from './payments/testGatewayPages';
import { folderStorage, type FileStorage } from './platform/fileStorage';
import { s3Storage } from './platform/s3Storage';
import type { Mailer } from './platform/mail';
import { secretOf } from './platform/secrets';

export type AppDeps = {
  db: Db;
  mailer: Mailer;
  config: Config;
  /** Milliseconds since the epoch; tests move it to expire tokens and age out login failures. */
  clock?: () => number;
  /** Replaces the siteverify call of the bot check (tests, other providers). */
  botVerifier?: BotVerifier;
  /** Replaces the email service's DNS resolver (tests); else config.emailDns. */
  emailResolver?: EmailResolver;
  logger?: FastifyServerOptions['logger'];
  /**
   * When pg-boss starts: 'ready' (the real server: its workers poll from the start) or 'lazy' (the
   * default: on the first job queued, so the many test apps that queue none never start it).
   */
  startJobs?: 'ready' | 'lazy';
  /** Where uploaded files go; else the S3 bucket of config.files.s3, or the shared folder of config.files.storageDir. */
  fileStorage?: FileStorage;
};

/** The Deps each app was built with, for tests that drive a service directly (the gateway, the job queue). */
const builtDeps = new WeakMap<FastifyInstance, Deps>();
export function depsOf(app: FastifyInstance): Deps {
  const deps = builtDeps.get(app);
  if (!deps) throw new Error('This app was not made by buildApp');
  return deps;
}

/** Most items of one array in a query string, and most parameters read from it. */
export const queryArrayLimit = 1000;
export const queryParameterLimit = 2000;

/** Every pg-boss queue of the portal, created when the queue starts. */
const queues: QueueDefinition[] = [gatewayWebhookQueue, ...renewalQueues, ...bureauQueues];

/**
 * The module plugins of each service of spec section 7, mounted at its base URL from the runtime
 * config. The next issues add theirs here; a service not yet built answers 404 like any unknown route.
 */
const services: Partial<Record<ServiceName, FastifyPluginAsync<{ deps: Deps }>[]>> = {
  // Sessions, users and user admin; the group tree, memberships and invitations; staff search; API
  // tokens and their export; service JWTs for the application pages; partner leads and lead options.
  users: [usersPlugin, groupsPlugin, searchPlugin, tokensPlugin, serviceJwtPlugin, leadsPlugin],
  // Account and plan manager: catalogue, account plans, bundles and subscriptions (payments and the
  // shop come with their issues); usage alert settings; the usage reports; the partner's accounts and console.
  plans: [plansPlugin, usageAlertsPlugin, usagePlugin, shopPlugin, shopWebhookPlugin, partnerPlansPlugin],
  // Bureau file cleansing: files, mapping, settings, test and results (plugin.ts); costs, payment,
  // stats and the admin reports (moneyPlugin.ts).
  bureau: [bureauPlugin, bureauMoneyPlugin],
  // Chunked file uploads and downloads per territory (the file server of each).
  filesUk: [filesUkPlugin],
  filesAustralia: [filesAustraliaPlugin],
  // The data-quality services, each metered (route()'s meter option, server/http/route.ts): address lookup (datasets,
  // lookups, list outputs) and autocomplete; email validation (POST /verify, GET /verify/{id}); bank
  // validation (the SOAP call and its JSON twin for the page); name validation.
  address: [addressPlugin],
  autocomplete: [autocompletePlugin],
  email: [emailPlugin],
  bank: [bankSoapPlugin, bankJsonPlugin],
  name: [namePlugin],
};

export function buildApp(appDeps: AppDeps): FastifyInstance {
  const { db, config } = appDeps;
  const clock = appDeps.clock ?? Date.now;
  const limits = config.http;
  const app = Fastify({
    logger: appDeps.logger ?? false,
    // One line per answer is logged by operations.ts, with the request id it hands back (x-request-id).
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    genReqId: requestIdOf(config.trustProxy),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    // Passed to node's http.createServer: the headers deadline and how often it is checked.
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: limits.checkIntervalMs },
    // Spec section 7: query parameters use bracket style (the SPA's qs, arrayFormat 'brackets'), so
    // includedTypes[]=1&includedTypes[]=2 arrives as an array; a longer list than arrayLimit becomes
    // an object, which the call's schema refuses (400) rather than truncating.
    routerOptions: { querystringParser: (text) => qs.parse(text, { arrayLimit: queryArrayLimit, parameterLimit: queryParameterLimit }) },
  });
  app.server.maxConnections = limits.maxConnections;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const jwt = createSessionJwt({ db, secret: config.jwtSecret });
  const metrics = createMetrics();
  const jobs = createJobsHandle({ db, queues, worker: config.jobs.worker, log: app.log, maintenanceSeconds: config.jobs.maintenanceSeconds, observe: metrics.job });
  const gateway = createTestGateway({
    db,
    clock,
    jobs,
    // A secret of its own, so a leaked webhook secret signs no session tokens and the reverse.
    webhookSecret: secretOf(db, webhookSecretKey, config.payments.webhookSecret),
    webhookUrl: () => config.payments.webhookUrl ?? ownWebhookUrl(app),
    publicOrigin: () => config.publicUrl,
    merchantName: config.seller.name,
    log: app.log,
  });
  const deps: Deps = {
    db,
    mail: appDeps.mailer,
    clock,
    jwt,
    inviteTokens: createInviteTokens({ db, secret: config.jwtSecret }),
    config,
    log: app.log,
    botCheck: createBotCheck({ secret: config.botCheckSecret, verifyUrl: config.botCheckVerifyUrl, verifier: appDeps.botVerifier }),
    addressDatasets: createAddressDatasets({ dataDir: config.dataDir, ukFile: config.address.ukFile, australiaFile: config.address.australiaFile, sampleSize: config.address.sampleSize, log: app.log }),
    emailResolver: appDeps.emailResolver ?? nodeResolver(config.emailDns),
    gateway,
    jobs,
    fileStorage: appDeps.fileStorage ?? (config.files.s3 ? s3Storage(config.files.s3) : folderStorage(config.files.storageDir)),
    paidOrders: { bureau: payBureauFileIn },
  };
  builtDeps.set(app, deps);
  if (appDeps.startJobs === 'ready') app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());

  registerSecurity(app, config.runtime);
  registerErrorHandling(app);
  registerAuthentication(app, { db, jwt, clock });
  // Before the routes: the OpenAPI document is made from the routes registered after it.
  registerApiDocs(app, { publicUrl: config.publicUrl });
  registerOperations(app, { config, db, jobs, metrics, readiness: createReadiness({ db, addressDatasets: deps.addressDatasets, jobs, addressPreload: config.address.preload }) });

  app.register(configPlugin, { deps });
  for (const [name, plugins] of Object.entries(services)) {
    for (const plugin of plugins) app.register(plugin, { prefix: servicePaths[name as ServiceName], deps });
  }

  // The embedded test gateway's hosted pages (a remote provider's site, served here for the demo).
  app.register(testGatewayPagesPlugin, { prefix: '/gateway', gateway, clock });

  app.register(spaPlugin, { staticDir: config.staticDir, config: config.runtime });
  return app;
}

/**
 * The webhook address of this process: where it listens, over loopback when it listens on every
 * interface. The test gateway posts there as a remote provider would; before listen there is none
 * and the delivery job fails, to be retried.
 */
export function ownWebhookUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The server is not listening yet: no webhook address');
  const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}${servicePaths.plans}/payment/webhook`;
}
