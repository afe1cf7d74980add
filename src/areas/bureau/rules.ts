import { bureauTerritories } from '../../../contract/shared/territory';
import type { RouteRules } from '../../routing/guards';

/**
 * /applications/addresscleanse/upload and /file/{fileId}/* (spec section 2: owner, territory UK only;
 * section 6: territoriesAllowed). An Australian account gets the spec's "not accessible through this
 * account" message. A file is its owner's alone (the server refuses staff its files, as it refuses them
 * buying for a customer), so staff get the spec's account message too (disallowNonOwner).
 */
export const bureauFileRules: RouteRules = { ownerOnly: true, disallowNonOwner: true, territoriesAllowed: bureauTerritories };
