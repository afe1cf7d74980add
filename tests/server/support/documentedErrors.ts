import { appendFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';

// Every error answer a server test sees must be in the OpenAPI document's entry for that call: the
// harness watches each answer of 400 and above (onResponse) and, when it closes, looks each one up
// in app.swagger(). An answer the document does not list for its route fails the test file, so the
// document's error answers are those the calls really give, kept true by the whole server suite.
// Only the statuses the document speaks of are checked (the transport's 408, 413 and 415 and a
// 5xx are the server's, not a call's). With OPENAPI_ERRORS_REPORT=<file> the finds are appended
// there instead of failing (to list them all at once).

const documented = new Set([400, 401, 402, 403, 404, 409, 429]);

export function watchErrorAnswers(app: FastifyInstance) {
  const seen = new Map<string, { method: string; url: string; status: number }>();
  app.addHook('onResponse', async (request, reply) => {
    const url = request.routeOptions.url;
    if (reply.statusCode < 400 || !url || !documented.has(reply.statusCode)) return;
    seen.set(`${request.method} ${url} ${reply.statusCode}`, { method: request.method, url, status: reply.statusCode });
  });
  return {
    /** The answers the document does not list for their call, as "METHOD /path status". */
    undocumented(): string[] {
      if (seen.size === 0) return [];
      const paths = (app.swagger() as OpenAPIV3_1.Document).paths ?? {};
      const missing: string[] = [];
      for (const { method, url, status } of seen.values()) {
        const operation = paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase() as OpenAPIV3_1.HttpMethods];
        // A route the document leaves out (the SPA, the gateway's page) has nothing to check.
        if (!operation) continue;
        if (!operation.responses?.[String(status)]) missing.push(`${method} ${url} ${status}`);
      }
      return missing.sort();
    },
    /** Fails (or, with OPENAPI_ERRORS_REPORT, records) the undocumented answers. */
    check() {
      const missing = this.undocumented();
      if (missing.length === 0) return;
      const report = process.env.OPENAPI_ERRORS_REPORT;
      if (report) appendFileSync(report, missing.map((line) => `${line}\n`).join(''));
      else throw new Error(`Error answers the OpenAPI document does not list for their call (add them to the route's docs.errors):\n${missing.join('\n')}`);
    },
  };
}
