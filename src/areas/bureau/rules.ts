import { bureauTerritories } from '../../../contract/shared/bureau';
import type { RouteRules } from '../../routing/guards';

/**
 * /applications/addresscleanse/upload and /file/{fileId}/* (spec section 2: owner, territory UK only;
 * section 6: territoriesAllowed). An Australian account gets the spec's "not accessible through this
 * account" message.
 */
export const bureauFileRules: RouteRules = { ownerOnly: true, territoriesAllowed: bureauTerritories };
