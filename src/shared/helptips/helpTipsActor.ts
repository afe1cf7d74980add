import { createActor, fromPromise } from 'xstate';
import { helpTipsMachine, type HelpTipsActorRef } from '../../../machines/helpTips';
import type { Portal } from '../../app/portal';
import { forgetHelpTips, loadHelpTips, saveAllTipsDisabled, saveTipsDisabled } from './storage';
import { waitForTarget } from './target';

export type HelpTipsOptions = {
  storage?: Storage;
  /** Where a tip that cannot be shown is raised: the browser's uncaught-error reporting by default. */
  reportError?: (error: Error) => void;
};

const actors = new WeakMap<Portal, HelpTipsActorRef>();

const raise = (error: Error) => (typeof globalThis.reportError === 'function' ? globalThis.reportError(error) : console.error(error));

/**
 * The one help-tips actor of a portal, created the first time a page that uses tips asks for it (so
 * its code stays out of the login page). Pages send it their tour; the user's settings turn tips back on.
 */
export function helpTipsFor(portal: Portal, { storage = localStorage, reportError = raise }: HelpTipsOptions = {}): HelpTipsActorRef {
  const existing = actors.get(portal);
  if (existing) return existing;
  const machine = helpTipsMachine.provide({
    actors: { findTarget: fromPromise(({ input, signal }) => waitForTarget(input, signal)) },
    actions: {
      saveDisabledTips: (_, { ids }) => saveTipsDisabled(storage, ids),
      saveAllDisabled: () => saveAllTipsDisabled(storage),
      forgetDisabled: () => forgetHelpTips(storage),
      reportError: (_, { message }) => reportError(new Error(message)),
    },
  });
  const actor = createActor(machine, { input: { saved: loadHelpTips(storage) } });
  actors.set(portal, actor);
  actor.start();
  return actor;
}
