import { useActorRef } from '@xstate/react';
import type { AnyActorLogic } from 'xstate';
import { usePortal } from './PortalContext';

/**
 * A page's own actor (useActorRef), reporting to the portal's inspector like the portal's root
 * actors, so the visualiser's live view shows page machines from any tab.
 */
export function usePageActor<L extends AnyActorLogic>(logic: L) {
  const { inspect } = usePortal();
  return useActorRef(logic, { inspect });
}
