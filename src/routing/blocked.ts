import type { BlockReason } from './groupRules';
import { blockedMessages } from '../../contract/shared/messages';

/** Thrown by a route guard; the route error screen shows the spec's "Oops!" message for it. */
export class BlockedError extends Error {
  constructor(readonly reason: BlockReason) {
    super(blockedMessages[reason]);
    this.name = 'BlockedError';
  }
}
