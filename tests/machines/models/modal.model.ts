/**
 * Model of the modal queue (spec sections 4 and 9; the messages are those of section 8). The 750 ms
 * fades are delayed events; the model ignores message ids when comparing states so the queue stays
 * finite.
 */
import assert from 'node:assert/strict';
import { modalMachine, type Modal, type ModalEvent, type ModalSnapshot } from '../../../machines/modal';
import { defineModel, type EventSamples, type ObservedStep } from '../harness/model';

/** Spec section 9. */
export const specModalLevels = [497, 998];
export const specModalTransitionMs = 750;

export const failedLoad = { type: 'modal.show', title: 'Error', text: 'Failed to load plans' } as const;
export const authFailure = {
  type: 'modal.show',
  title: 'Authentication error',
  text: 'Authentication Failure',
  level: 998,
} as const;
/** Same title as `failedLoad`, other text: a different message. */
export const failedSave = { type: 'modal.show', title: 'Error', text: 'Failed to save settings', level: 497 } as const;

const events = {
  'modal.show': [failedLoad, authFailure, failedSave],
  'modal.dismiss': [{ type: 'modal.dismiss' }],
} satisfies EventSamples<ModalEvent>;

const message = (m: Modal | null) => (m ? `${m.title}: ${m.text}` : null);
const sameMessage = (m: Modal | null, e: { title: string; text: string }) =>
  m !== null && m.title === e.title && m.text === e.text;

/** Invariants of every snapshot: levels from the spec, FIFO ids, no message twice. */
function checkQueue(s: ModalSnapshot) {
  const all = [s.context.current, ...s.context.queue].filter((m): m is Modal => m !== null);
  for (const m of all) assert.ok(specModalLevels.includes(m.level), `level ${m.level} is one of 497, 998`);
  const ids = all.map((m) => m.id);
  assert.deepEqual(ids, [...ids].sort((a, b) => a - b), 'messages show in arrival order');
  const waiting = s.context.queue.map(message);
  assert.equal(new Set(waiting).size, waiting.length, 'a message waits once');
}

/** A `modal.show` while a message shows or fades: queued at the end unless already showing or waiting. */
function checkShowWhileBusy(s: ModalSnapshot, step: ObservedStep<typeof modalMachine>) {
  const prev = step.previous;
  if (step.event.type !== 'modal.show' || !prev || prev.matches('idle')) return;
  const event = step.event;
  assert.equal(message(s.context.current), message(prev.context.current), 'the shown message stays');
  // A dismissed message fading out no longer counts: the same message may queue again.
  const showing = prev.matches('closing') ? null : prev.context.current;
  const duplicate = sameMessage(showing, event) || prev.context.queue.some((m) => sameMessage(m, event));
  const expected = duplicate
    ? prev.context.queue.map(message)
    : [...prev.context.queue.map(message), `${event.title}: ${event.text}`];
  assert.deepEqual(s.context.queue.map(message), expected);
  if (!duplicate) assert.equal(s.context.queue.at(-1)!.level, event.level ?? 497, 'default level 497');
}

export const modalModel = defineModel({
  machine: modalMachine,
  inputs: { app: undefined },
  events,
  actors: {},
  delays: { transition: specModalTransitionMs },
  traversal: {
    // ids grow with every message; the queue's messages are what matters
    serializeState: (s) =>
      JSON.stringify([s.value, message(s.context.current), s.context.queue.map((m) => [message(m), m.level])]),
    // every simple path through 40-odd queue states is too many; shortest paths cover every edge
    simplePaths: false,
  },
  examples: [
    // Duplicates (same title and text) are ignored whether showing or waiting; same title alone is not.
    {
      scenario: 'app',
      events: [failedLoad, failedLoad, authFailure, authFailure, failedSave, failedLoad, { type: 'modal.dismiss' }],
    },
    // First in, first out, each after its own fade-in.
    {
      scenario: 'app',
      events: [
        failedLoad,
        authFailure,
        failedSave,
        { type: 'xstate.after.transition.modal.opening' },
        { type: 'modal.dismiss' },
        { type: 'xstate.after.transition.modal.closing' },
        { type: 'xstate.after.transition.modal.opening' },
        { type: 'modal.dismiss' },
        { type: 'xstate.after.transition.modal.closing' },
        { type: 'modal.dismiss' },
        { type: 'xstate.after.transition.modal.closing' },
      ],
    },
  ],
  expect: {
    states: {
      idle: (s, step) => {
        assert.equal(s.context.current, null);
        assert.deepEqual(s.context.queue, []);
        if (step.previous) assert.ok(step.previous.matches('closing'), 'idle again only after fading out');
      },
      opening: (s, step) => {
        checkQueue(s);
        assert.ok(s.context.current, 'a message fades in');
        const prev = step.previous;
        if (prev?.matches('idle')) {
          assert.equal(step.event.type, 'modal.show');
          const e = step.event as Extract<ModalEvent, { type: 'modal.show' }>;
          assert.deepEqual([s.context.current.title, s.context.current.text], [e.title, e.text]);
          assert.equal(s.context.current.level, e.level ?? 497);
        } else if (prev?.matches('closing')) {
          assert.deepEqual(s.context.current, prev.context.queue[0], 'the oldest waiting message is next');
          assert.deepEqual(s.context.queue, prev.context.queue.slice(1));
        }
        checkShowWhileBusy(s, step);
      },
      open: (s, step) => {
        checkQueue(s);
        assert.ok(s.context.current);
        checkShowWhileBusy(s, step);
      },
      closing: (s, step) => {
        checkQueue(s);
        if (step.event.type === 'modal.dismiss') {
          assert.deepEqual(s.context.current, step.previous?.context.current, 'the dismissed message fades out');
        }
        checkShowWhileBusy(s, step);
      },
    },
  },
});
