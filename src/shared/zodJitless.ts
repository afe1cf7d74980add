import { z } from 'zod';

// Import this before any module that builds zod schemas (contract/*/schemas.ts, entities.ts): zod 4
// probes `new Function` for its compiled fast path as each object schema is built, unless told not
// to, and the portal's Content Security Policy reports that probe as an eval violation.
z.config({ jitless: true });
