import type { RuntimeConfig } from '../../../contract/config/entities';
import type { Deps } from '../../kernel/deps';

/** GET /api/config: the runtime configuration, public. */
export const getConfig = (deps: Pick<Deps, 'config'>, _actor: null): RuntimeConfig => deps.config.runtime;
