// GET /api/openapi.json: every route the app registers is in the document (but the pages of
// hiddenRoutes), each with its security and error answers as route() registered it; the document
// is valid OpenAPI 3.1; the client types committed beside this test are the ones it generates.
import { readFileSync, writeFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import openapiTS, { astToString } from 'openapi-typescript';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentPath, hiddenRoutes, isHidden } from '../../../server/http/openapi';
import { createHarness, type Harness } from '../support/harness';

type Operation = {
  operationId?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { content?: Record<string, { schema?: unknown; example?: unknown; examples?: unknown }> }>;
  requestBody?: { content: Record<string, { schema?: { examples?: string[] } }> };
  parameters?: Array<{ in: string; name: string }>;
};
type Document = {
  openapi: string;
  info: { title: string; version: string };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown>; responses: Record<string, unknown> };
};

/** Where the generated client types are kept (regenerate with UPDATE_OPENAPI_TYPES=1). */
const typesFile = new URL('./openapi/portal-api.d.ts', import.meta.url);

let h: Harness;
const registered: Array<{ method: string; url: string }> = [];
let document: Document;
beforeAll(async () => {
  h = await createHarness({
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) registered.push({ method: method.toLowerCase(), url: route.url });
    },
  });
  const response = await h.inject({ method: 'GET', url: documentPath, headers: { host: 'portal.example:8443' } });
  expect(response.statusCode).toBe(200);
  document = response.json<Document>();
});
afterAll(() => h?.close());

/** Fastify's /files/:id as OpenAPI writes it: /files/{id}. */
const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const operation = (method: string, path: string) => document.paths[path]?.[method];

describe('the OpenAPI document', () => {
  it('lists every route the server registers, but the pages of the one hidden list', () => {
    // HEAD routes are Fastify's own twins of the GET routes.
    const api = registered.filter((r) => r.method !== 'head' && !isHidden(r.url));
    expect(api.length).toBeGreaterThan(150);
    const missing = api.filter((r) => !operation(r.method, openapiPath(r.url))).map((r) => `${r.method.toUpperCase()} ${r.url}`);
    expect(missing).toEqual([]);
    // And nothing else: every operation is a registered route.
    const listed = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));
    expect(listed.sort()).toEqual([...new Set(api.map((r) => `${r.method} ${openapiPath(r.url)}`))].sort());
    // The hidden list names only routes that exist (a stale entry would hide nothing, silently).
    for (const pattern of hiddenRoutes) expect(registered.some((r) => (pattern.endsWith('*') ? r.url.startsWith(pattern.slice(0, -1)) : r.url === pattern)), pattern).toBe(true);
  });

  it('is valid OpenAPI 3.1, with the package version and the request\'s origin as its server', async () => {
    const result = await new Validator().validate(document as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.info.version).toBe((JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version);
    expect(document.servers).toEqual([{ url: 'http://portal.example:8443' }]);
  });

  it('tags each operation with a declared module, and gives each a unique operation id', () => {
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    const tags = new Set(document.tags.map((t) => t.name));
    for (const op of operations) expect(op.tags?.length === 1 && tags.has(op.tags[0]), JSON.stringify(op.tags)).toBe(true);
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operation('get', '/api/address/json/uk')?.operationId).toBe('address-lookupUk');
    expect(operation('post', '/api/users/tokens/password')?.tags).toEqual(['tokens']);
  });

  it("says each call's security as route() authenticates it", () => {
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['apiToken', 'basic', 'bearerSession', 'serviceJwt', 'tokenInQuery']);
    // Metered: an exported API token or a service JWT.
    expect(operation('get', '/api/address/json/uk')?.security).toEqual([{ apiToken: [] }, { serviceJwt: [] }]);
    expect(operation('post', '/api/bank/soap')?.security).toEqual([{ apiToken: [] }, { serviceJwt: [] }]);
    // Basic credentials: the login and the token export.
    expect(operation('get', '/api/users/auth')?.security).toEqual([{ basic: [] }]);
    expect(operation('get', '/api/users/tokens/export')?.security).toEqual([{ basic: [] }]);
    // A session; a download link may carry it as ?token=.
    expect(operation('get', '/api/users/groups')?.security).toEqual([{ bearerSession: [] }]);
    expect(operation('get', '/api/files/uk/files/{id}')?.security).toEqual([{ bearerSession: [] }, { tokenInQuery: [] }]);
    // Public.
    expect(operation('get', '/api/config')?.security).toEqual([]);
  });

  it('gives the error answers, with the { msg, statusCode } body, where they apply', () => {
    const statuses = (method: string, path: string) => Object.keys(operation(method, path)?.responses ?? {}).filter((s) => s >= '400');
    expect(statuses('get', '/api/address/json/uk')).toEqual(['400', '401', '402', '403', '404', '429']);
    expect(statuses('get', '/api/address/countries/json')).toEqual(['400', '401', '403', '429']);
    expect(statuses('get', '/api/users/auth')).toEqual(['400', '401', '404', '429']);
    expect(statuses('get', '/api/config')).toEqual([]);
    // Each JSON error answer is written once and referred to.
    expect(operation('get', '/api/address/json/uk')!.responses['402']).toEqual({ $ref: '#/components/responses/Error402' });
    expect(document.components.responses.Error402).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } });
    expect(document.components.schemas.ErrorBody).toMatchObject({ type: 'object', required: ['msg', 'statusCode'] });
  });

  it('describes the SOAP call by its XML envelope, and its faults as XML', () => {
    const soap = operation('post', '/api/bank/soap')!;
    expect(Object.keys(soap.requestBody!.content).sort()).toEqual(['application/soap+xml', 'text/xml']);
    const example = JSON.stringify(soap.requestBody!.content['text/xml']);
    expect(example).toContain('<b:ValidateAccount>');
    expect(example).toContain('<b:SortCode>08-99-99</b:SortCode>');
    expect(Object.keys(soap.responses['200'].content!)).toEqual(['text/xml']);
    expect(Object.keys(soap.responses['403'].content!)).toEqual(['text/xml']);
  });

  it('keeps the zod shapes: query parameters, bodies and answers', () => {
    const lookup = operation('get', '/api/address/json/uk')!;
    expect(lookup.parameters?.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(expect.arrayContaining(['q', 'id', 'limit', 'labelFormat']));
    expect(JSON.stringify(lookup.responses['200'].content!['application/json'].schema)).toContain('"addresses"');
    // A tree refers to itself through a component.
    expect(JSON.stringify(operation('get', '/api/users/groups')!.responses['200'])).toContain('#/components/schemas/Group');
  });

  it('generates the client types committed in tests/server/http/openapi/portal-api.d.ts', async () => {
    const generated = astToString(await openapiTS(document as never));
    const header = '// Generated by openapi-typescript from GET /api/openapi.json (tests/server/http/openapi.test.ts). Do not edit:\n// UPDATE_OPENAPI_TYPES=1 npx vitest run tests/server/http/openapi.test.ts writes it again.\n';
    if (process.env.UPDATE_OPENAPI_TYPES === '1') writeFileSync(typesFile, header + generated);
    expect(readFileSync(typesFile, 'utf8')).toBe(header + generated);
  });
});
