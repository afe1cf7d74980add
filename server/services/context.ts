import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { DomainDeps } from '../domain/deps';

/** What every service plugin receives: the domain dependencies plus the HTTP-side settings. */
export type ServiceContext = DomainDeps & {
  config: Config;
  botCheck: (token: string | undefined, ip: string) => Promise<void>;
};

export type ServiceOptions = { ctx: ServiceContext };

/** Origin for links in emails: PUBLIC_URL, else where this request was sent. */
export function publicBaseUrl(ctx: ServiceContext, request: FastifyRequest): string {
  return ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
}
