import { readFileSync } from 'node:fs';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { group, userPermission } from '../../contract/groups/entities';
import { apiDocumentPath, apiReferencePath } from '../../contract/shared/http';
import type { OpenAPIV3_1 } from 'openapi-types';
import { describeCall, directCall, shareErrorAnswers, errorBodySchema, moduleTags, securitySchemes } from './openapiCall';

// GET /api/openapi.json: the OpenAPI 3.1 document of every route the server registers, made by
// @fastify/swagger from the routes themselves: the zod schemas that validate each call (turned into
// JSON Schema by fastify-type-provider-zod's transform), and what route() records of how it is
// called (openapiCall.ts: security, error answers, tag). Nothing in it is written by hand but the
// words. GET /api/docs: the interactive reference (@fastify/swagger-ui, served from the package),
// whose "Try it out" calls this server with the token the reader enters.

/** Where the interactive reference is served (its page, its scripts and its copy of the document), and the document. */
export const docsPath = apiReferencePath;
export const documentPath = apiDocumentPath;

/**
 * The routes the document leaves out, and only these: they are pages and files for a browser, not
 * calls of the API. A pattern ending in `*` is every route under it.
 */
export const hiddenRoutes: readonly string[] = [
  // The SPA: / redirects to /portal, whose files and client routes spa.ts serves.
  '/',
  '/portal',
  '/portal/*',
  // The test gateway's hosted payment page (a remote provider's site, served here for the demo).
  '/gateway/*',
  // The style sheet and script of the invoice and credit note pages (the pages themselves are listed).
  '/api/plans/invoices/assets/*',
  // The interactive reference: its page, its scripts and style sheets, and its copy of the document.
  docsPath,
  `${docsPath}/*`,
];

/** Whether the document leaves this route out (hiddenRoutes). */
export const isHidden = (url: string) => hiddenRoutes.some((pattern) => (pattern.endsWith('*') ? url.startsWith(pattern.slice(0, -1)) : url === pattern));

const packageVersion = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * The schemas that contain themselves (a tree), which JSON Schema can only write as a component the
 * tree refers to: each is one entry of components.schemas (and its input twin, `GroupInput`).
 */
const componentSchemas = z.registry<{ id: string }>();
componentSchemas.add(group, { id: 'Group' });
componentSchemas.add(userPermission, { id: 'UserPermission' });
const zodTransform = createJsonSchemaTransform({ schemaRegistry: componentSchemas, skipList: [] });
const zodComponents = createJsonSchemaTransformObject({ schemaRegistry: componentSchemas });

/** The document's own entry in it. */
const documentCall = directCall('GET', documentPath, { tag: 'documentation', summary: 'This OpenAPI 3.1 document' });

/** The document for one request: the servers entry is PUBLIC_URL, else where the request was sent. */
function forRequest(document: OpenAPIV3_1.Document, publicUrl: string | null, request: FastifyRequest): OpenAPIV3_1.Document {
  return { ...document, servers: [{ url: publicUrl ?? `${request.protocol}://${request.host}` }] };
}

/**
 * Registers the document and the reference on the root instance. It must come before the modules'
 * plugins: @fastify/swagger sees the routes registered after it.
 */
export function registerApiDocs(app: FastifyInstance, options: { publicUrl: string | null }): void {
  app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Data-quality portal API',
        version: packageVersion,
        description:
          'Every call of the portal: the portal\'s own (a session token from the login) and the data-quality services (address lookup and autocomplete, email, bank and name validation), which take an exported API token and are charged in clicks. Errors answer `{ msg, statusCode }`.',
      },
      tags: moduleTags.map((name) => ({ name })),
      components: { securitySchemes, schemas: { ErrorBody: errorBodySchema as OpenAPIV3_1.SchemaObject } },
    },
    transform: (document) => {
      if (isHidden(document.url)) return { schema: { hide: true }, url: document.url };
      const { schema, url } = zodTransform(document);
      return { schema: describeCall((schema ?? {}) as Record<string, unknown>, document.route, url), url };
    },
    transformObject: (document) => shareErrorAnswers(zodComponents(document) as Partial<OpenAPIV3_1.Document>),
  });

  // In a plugin of its own, so it is registered after @fastify/swagger and listed like every route.
  app.register(async (scope) => {
    scope.get(documentPath, { config: { call: documentCall } }, (request) => forRequest(app.swagger() as OpenAPIV3_1.Document, options.publicUrl, request));
  });

  app.register(swaggerUi, {
    routePrefix: docsPath,
    // The reference reads the same document, with this request's servers entry, so "Try it out" calls this server.
    transformSpecification: (document, request) => forRequest(document as OpenAPIV3_1.Document, options.publicUrl, request),
    // BaseLayout: the page without Swagger's top bar, whose logo is an SVG with an inline <style> the
    // portal's Content-Security-Policy (style-src 'self', security.ts) refuses. With it gone the
    // reference runs under the portal's policy unchanged: its scripts and style sheets are files of
    // this server, and "Try it out" calls this origin (connect-src 'self').
    uiConfig: { layout: 'BaseLayout', deepLinking: true, docExpansion: 'list', tryItOutEnabled: false, persistAuthorization: false },
    theme: { title: 'Data-quality portal API reference' },
  });
}

