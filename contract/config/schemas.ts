import type { CallShape } from '../endpoint';
import { runtimeConfig } from './entities';

/** GET /api/config: the runtime configuration (also injected into index.html). */
export const getConfig = { response: runtimeConfig } satisfies CallShape;
