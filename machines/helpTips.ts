import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { helpTipId, missingTargetMessage, type HelpTip, type HelpTour } from '../contract/shared/helpTips';

/** What the browser remembers (spec section 9): tips already dismissed, and the global "Hide Tips" flag. */
export type HelpTipsSaved = { allDisabled: boolean; disabledTips: readonly string[] };

export type HelpTipsInput = { saved: HelpTipsSaved };

export type HelpTipsContext = {
  saved: HelpTipsSaved;
  /** The tour of the page on screen, if that page has one. */
  tour: HelpTour | null;
  /** The tour's tips not yet disabled, in order: what this visit shows. */
  tips: HelpTip[];
  /** Index into `tips` of the tip being shown or located. */
  index: number;
  /** Why the tour stopped, when a tip could not be shown. */
  error: string | null;
};

export type HelpTipsEvent =
  /** A page with a tour was opened (its view mounted). */
  | { type: 'page.opened'; tour: HelpTour }
  /** That page was left; the name guards against a late close of a page already replaced. */
  | { type: 'page.closed'; tourName: string }
  | { type: 'user.next' }
  | { type: 'user.back' }
  /** "Got it", offered on the last tip. */
  | { type: 'user.gotIt' }
  /** A click outside the tip, or Escape. */
  | { type: 'user.clickedOutside' }
  /** "Hide Tips": no tour shows any more, on any page. */
  | { type: 'user.hideTips' }
  /** "Show help tips again" in the user's settings. */
  | { type: 'user.enableTips' };

/** Input of the injected actor that resolves once the tip's target element is on the page. */
export type FindTargetInput = { targetId: string; skipResizeObserver: boolean };

/** Milliseconds a tip waits for its target to appear before the tour stops with the missing-target error. */
export const targetWaitMs = 10_000;

const visibleTips = (tour: HelpTour, saved: HelpTipsSaved) =>
  tour.tips.filter((tip) => !saved.disabledTips.includes(helpTipId(tour.tourName, tip))).sort((a, b) => a.order - b.order);

const current = (context: HelpTipsContext): HelpTip | undefined => context.tips[context.index];

const tipLabel = (context: HelpTipsContext) => `tip '${current(context)?.helpTipName}' of tour '${context.tour?.tourName}'`;

/** Every tip of the tour, seen or not: "Got it" and a click outside disable the whole tour. */
const tourTipIds = ({ context }: { context: HelpTipsContext }) => ({
  ids: context.tour!.tips.map((tip) => helpTipId(context.tour!.tourName, tip)),
});

/**
 * Help-tip tours (spec sections 3, 4, 5 and 9). One actor for the whole app: pages announce their tour
 * (plain data) when they open and close, the user's settings turn tips back on. A tour starts by
 * itself on a page whose tips are not yet disabled; its tips run in order, each waiting for its target
 * element. "Got it" on the last tip or a click outside disables the tour's tips; "Hide Tips" disables
 * every tour. Storage, the DOM lookup and error reporting are injected.
 */
export const helpTipsMachine = setup({
  types: {
    context: {} as HelpTipsContext,
    events: {} as HelpTipsEvent,
    input: {} as HelpTipsInput,
  },
  actors: {
    /** Resolves when an element with the id is on the page (waiting for it unless skipResizeObserver); rejects otherwise. */
    findTarget: fromPromise<void, FindTargetInput>(async () => {
      throw new Error('findTarget not provided');
    }),
  },
  actions: {
    /** Remember that these tips were seen (one local-storage key per tip). */
    saveDisabledTips: (_, _params: { ids: string[] }) => {},
    /** Remember "Hide Tips" (the global flag). */
    saveAllDisabled: () => {},
    /** Forget every remembered tip and the global flag. */
    forgetDisabled: () => {},
    /** Raise the error of a tip that cannot be shown (app-provided: the page itself carries on). */
    reportError: (_, _params: { message: string }) => {},
    openTour: assign(({ context, event }) => {
      assertEvent(event, 'page.opened');
      return { tour: event.tour, tips: visibleTips(event.tour, context.saved), index: 0, error: null };
    }),
    closeTour: assign({ tour: null, tips: [], index: 0, error: null }),
    nextTip: assign(({ context }) => ({ index: context.index + 1 })),
    previousTip: assign(({ context }) => ({ index: context.index - 1 })),
    disableTour: assign(({ context }) => {
      const { ids } = tourTipIds({ context });
      const disabledTips = [...context.saved.disabledTips, ...ids.filter((id) => !context.saved.disabledTips.includes(id))];
      return { saved: { ...context.saved, disabledTips }, tips: [], index: 0 };
    }),
    disableAll: assign(({ context }) => ({ saved: { ...context.saved, allDisabled: true }, tips: [], index: 0 })),
    clearSaved: assign({ saved: { allDisabled: false, disabledTips: [] } }),
    restartTour: assign(({ context }) => ({ tips: visibleTips(context.tour!, context.saved), index: 0, error: null })),
    failWith: assign((_, params: { message: string }) => ({ error: params.message })),
  },
  guards: {
    tourOff: ({ context }) => context.saved.allDisabled || context.tips.length === 0,
    isCurrentTour: ({ context, event }) => {
      assertEvent(event, 'page.closed');
      return context.tour?.tourName === event.tourName;
    },
    lacksTarget: ({ context }) => current(context)!.side !== 'middle' && !current(context)!.targetId,
    isMiddle: ({ context }) => current(context)!.side === 'middle',
    hasNext: ({ context }) => context.index < context.tips.length - 1,
    hasPrevious: ({ context }) => context.index > 0,
    isLast: ({ context }) => context.index === context.tips.length - 1,
  },
  delays: { targetWait: targetWaitMs },
}).createMachine({
  id: 'helpTips',
  context: ({ input }) => ({ saved: input.saved, tour: null, tips: [], index: 0, error: null }),
  initial: 'idle',
  on: {
    // Another page with a tour replaces whatever showed.
    'page.opened': { target: '.checking', actions: 'openTour' },
    'page.closed': { guard: 'isCurrentTour', target: '.idle', actions: 'closeTour' },
    // From the settings page (or anywhere): tours show again on the next visit of their page.
    'user.enableTips': { actions: ['forgetDisabled', 'clearSaved'] },
  },
  states: {
    // No page with a tour is open.
    idle: {},
    // First visit (some tip not yet disabled) and tips not hidden: the tour starts by itself.
    checking: {
      always: [{ guard: 'tourOff', target: 'off' }, { target: 'touring' }],
    },
    // The page's tour is done with, or all tips are hidden; turning tips back on restarts it here.
    off: {
      on: { 'user.enableTips': { target: 'checking', actions: ['forgetDisabled', 'clearSaved', 'restartTour'] } },
    },
    touring: {
      initial: 'choosing',
      states: {
        // A tip off the middle needs a target (spec section 5); a middle tip needs none.
        choosing: {
          always: [
            {
              guard: 'lacksTarget',
              target: '#helpTips.failed',
              actions: {
                type: 'failWith',
                params: ({ context }) => ({ message: `${missingTargetMessage}: ${tipLabel(context)} names no target` }),
              },
            },
            { guard: 'isMiddle', target: 'showing' },
            { target: 'locating' },
          ],
        },
        // The target may render late (loader data, lazy parts): wait for it, up to targetWait.
        locating: {
          invoke: {
            id: 'findTarget',
            src: 'findTarget',
            input: ({ context }) => ({
              targetId: current(context)!.targetId!,
              skipResizeObserver: current(context)!.skipResizeObserver === true,
            }),
            onDone: 'showing',
            onError: {
              target: '#helpTips.failed',
              actions: {
                type: 'failWith',
                params: ({ event }) => ({ message: event.error instanceof Error ? event.error.message : String(event.error) }),
              },
            },
          },
          after: {
            targetWait: {
              target: '#helpTips.failed',
              actions: {
                type: 'failWith',
                params: ({ context }) => ({
                  message: `${missingTargetMessage}: no element with id '${current(context)!.targetId}' appeared for ${tipLabel(context)}`,
                }),
              },
            },
          },
        },
        showing: {
          on: {
            'user.next': { guard: 'hasNext', target: 'choosing', actions: 'nextTip' },
            'user.back': { guard: 'hasPrevious', target: 'choosing', actions: 'previousTip' },
            'user.gotIt': {
              guard: 'isLast',
              target: '#helpTips.off',
              actions: [{ type: 'saveDisabledTips', params: tourTipIds }, 'disableTour'],
            },
            'user.clickedOutside': {
              target: '#helpTips.off',
              actions: [{ type: 'saveDisabledTips', params: tourTipIds }, 'disableTour'],
            },
            'user.hideTips': { target: '#helpTips.off', actions: ['saveAllDisabled', 'disableAll'] },
          },
        },
      },
    },
    // The tour stopped at a tip it cannot show; the page carries on without it. Nothing is saved, so
    // the error is raised again on the next visit until the tour's data is fixed.
    failed: {
      entry: { type: 'reportError', params: ({ context }) => ({ message: context.error! }) },
    },
  },
});

export type HelpTipsSnapshot = SnapshotFrom<typeof helpTipsMachine>;
export type HelpTipsActorRef = ActorRefFrom<typeof helpTipsMachine>;

/** The tip on screen, with its place in the tour, or null when none shows. */
export function shownTip(snapshot: HelpTipsSnapshot): { tip: HelpTip; index: number; count: number } | null {
  if (!snapshot.matches({ touring: 'showing' })) return null;
  const { tips, index } = snapshot.context;
  return { tip: tips[index], index, count: tips.length };
}

/** True when nothing is remembered: every tour shows on its page's next visit. */
export const tipsAllOn = (snapshot: HelpTipsSnapshot) =>
  !snapshot.context.saved.allDisabled && snapshot.context.saved.disabledTips.length === 0;
