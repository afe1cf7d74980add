import { useActorRef } from '@xstate/react';
import type { ActorOptions, AnyActorLogic } from 'xstate';
import { usePortal } from './PortalContext';

/**
 * A page's own actor (useActorRef), reporting to the portal's inspector like the portal's root
 * actors, so the visualiser's live view shows page machines from any tab. `options` are the actor's
 * others (its input).
 */
export function usePageActor<L extends AnyActorLogic>(logic: L, options: Omit<ActorOptions<L>, 'inspect'> = {}) {
  const { inspect } = usePortal();
  return useActorRef(logic, { ...options, inspect });
}
