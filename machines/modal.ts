import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';

/** Stacking levels of spec section 9: ordinary dialogs, and those that must cover everything. */
export const modalLevels = { normal: 497, top: 998 } as const;
export type ModalLevel = (typeof modalLevels)[keyof typeof modalLevels];

/** Modal transitions last 750 ms (spec section 9). */
export const modalTransitionMs = 750;

export type Modal = { id: number; title: string; text: string; level: ModalLevel };

export type ModalContext = { current: Modal | null; queue: Modal[]; nextId: number };

export type ModalEvent =
  | { type: 'modal.show'; title: string; text: string; level?: ModalLevel }
  | { type: 'modal.dismiss' };

const sameMessage = (a: Modal | null, title: string, text: string) =>
  a !== null && a.title === title && a.text === text;

/**
 * The queue of dialogs (errors, confirmations). One shows at a time, fading in and out; a message
 * already showing or waiting (same title and text) is not queued again.
 */
export const modalMachine = setup({
  types: { context: {} as ModalContext, events: {} as ModalEvent },
  actions: {
    enqueue: assign(({ context, event }) => {
      assertEvent(event, 'modal.show');
      const modal: Modal = {
        id: context.nextId,
        title: event.title,
        text: event.text,
        level: event.level ?? modalLevels.normal,
      };
      return { queue: [...context.queue, modal], nextId: context.nextId + 1 };
    }),
    takeNext: assign(({ context }) => ({ current: context.queue[0] ?? null, queue: context.queue.slice(1) })),
    clearCurrent: assign({ current: null }),
  },
  guards: {
    isNew: ({ context, event }) => {
      assertEvent(event, 'modal.show');
      return (
        !sameMessage(context.current, event.title, event.text) &&
        !context.queue.some((m) => sameMessage(m, event.title, event.text))
      );
    },
    /** While fading out, the dismissed message no longer counts as showing. */
    notWaiting: ({ context, event }) => {
      assertEvent(event, 'modal.show');
      return !context.queue.some((m) => sameMessage(m, event.title, event.text));
    },
    hasQueued: ({ context }) => context.queue.length > 0,
  },
  delays: { transition: modalTransitionMs },
}).createMachine({
  id: 'modal',
  context: { current: null, queue: [], nextId: 1 },
  initial: 'idle',
  on: {
    // Messages arriving while one shows wait their turn.
    'modal.show': { guard: 'isNew', actions: 'enqueue' },
  },
  states: {
    idle: {
      on: { 'modal.show': { guard: 'isNew', target: 'opening', actions: 'enqueue' } },
    },
    // Fading in; the user may already dismiss it.
    opening: {
      entry: 'takeNext',
      after: { transition: 'open' },
      on: { 'modal.dismiss': 'closing' },
    },
    open: {
      on: { 'modal.dismiss': 'closing' },
    },
    // Fading out before the next message, if any, fades in.
    closing: {
      on: { 'modal.show': { guard: 'notWaiting', actions: 'enqueue' } },
      after: {
        transition: [{ guard: 'hasQueued', target: 'opening' }, { target: 'idle', actions: 'clearCurrent' }],
      },
    },
  },
});

export type ModalSnapshot = SnapshotFrom<typeof modalMachine>;
