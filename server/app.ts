import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type FastifyPluginAsyncZod, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { runtimeConfig, type ServiceName } from '../contract/config/entities';
import { createBotCheck, type BotVerifier } from './auth/botCheck';
import { createTokens } from './auth/jwt';
import { servicePaths, type Config } from './config';
import type { Db } from './db';
import { registerAuthentication } from './http/authenticate';
import { registerErrorHandling } from './http/errors';
import { registerSecurity } from './http/security';
import { spaPlugin } from './http/spa';
import type { Mailer } from './mail';
import type { ServiceContext, ServiceOptions } from './services/context';
import { groupsService } from './services/groups';
import { plansService } from './services/plans';
import { userAdminService } from './services/userAdmin';
import { usersService } from './services/users';

export type AppDeps = {
  db: Db;
  mailer: Mailer;
  config: Config;
  /** Milliseconds since the epoch; tests move it to expire tokens and age out login failures. */
  clock?: () => number;
  /** Replaces the siteverify call of the bot check (tests, other providers). */
  botVerifier?: BotVerifier;
  logger?: FastifyServerOptions['logger'];
};

/**
 * The plugins of each service of spec section 7, mounted at its base URL from the runtime config.
 * The next issues add theirs here; a service not yet built answers 404 like any unknown route.
 */
const services: Partial<Record<ServiceName, FastifyPluginAsyncZod<ServiceOptions>[]>> = {
  // Sessions and users; the group tree, memberships and invitations; user admin, permissions, search.
  users: [usersService, groupsService, userAdminService],
  // Account and plan manager: so far only /account/candelete (plans, filters, comparisons, bundles,
  // payments, shop come with their issues).
  plans: [plansService],
  // bureau:         bureau file cleansing
  // filesUk, filesAustralia: chunked file uploads per territory
  // address, autocomplete, email, bank: the data-quality engines
};

export function buildApp(deps: AppDeps): FastifyInstance {
  const clock = deps.clock ?? Date.now;
  const limits = deps.config.http;
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: deps.config.trustProxy,
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    // Passed to node's http.createServer: the headers deadline and how often it is checked.
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: limits.checkIntervalMs },
  });
  app.server.maxConnections = limits.maxConnections;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const tokens = createTokens({ db: deps.db, secret: deps.config.jwtSecret });
  const ctx: ServiceContext = {
    db: deps.db,
    mailer: deps.mailer,
    clock,
    tokens,
    config: deps.config,
    log: app.log,
    botCheck: createBotCheck({
      secret: deps.config.botCheckSecret,
      verifyUrl: deps.config.botCheckVerifyUrl,
      verifier: deps.botVerifier,
    }),
  };

  registerSecurity(app, deps.config.runtime);
  registerErrorHandling(app);
  registerAuthentication(app, { db: deps.db, tokens, clock });

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/config', { schema: { response: { 200: runtimeConfig } } }, () => deps.config.runtime);
  for (const [name, plugins] of Object.entries(services)) {
    for (const plugin of plugins) app.register(plugin, { prefix: servicePaths[name as ServiceName], ctx });
  }

  app.register(spaPlugin, { staticDir: deps.config.staticDir, config: deps.config.runtime });
  return app;
}
