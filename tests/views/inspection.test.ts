import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { signedOutUser } from '../../contract/shared/session';
import { modalMachine } from '../../machines/modal';
import type { AuthUser } from '../../contract/users/entities';
import { sessionMachine, type LoginInput } from '../../machines/session';
import { composeInspectors, createInspectionHub, eventDetail, maxLiveEvents, type InspectionHub } from '../../src/app/inspection';
import { createLiveStore, newestRecord, recentEvents, type LiveStore } from '../../src/areas/visualiser/live';

// The inspection hub and the visualiser's live store, over a real BroadcastChannel (Node has one), as
// two tabs of the portal would use them.

const channelName = `portal-inspection-test-${Math.random()}`;
const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

function hub(tab: string, clock: { now: number }): InspectionHub {
  const h = createInspectionHub({ tab, now: () => clock.now, path: () => '/portal/home', channel: new BroadcastChannel(channelName) });
  cleanups.push(() => h.close());
  return h;
}

function store(): LiveStore {
  const s = createLiveStore(channelName);
  cleanups.push(s.subscribe(() => {}));
  return s;
}

// a login that never answers: the session stays in loggingIn
const login = fromPromise<AuthUser, LoginInput>(() => new Promise(() => {}));
const session = (inspect: InspectionHub['inspect']) =>
  createActor(sessionMachine.provide({ actors: { login } }), { input: { savedUser: null }, inspect }).start();

describe('inspection hub', () => {
  it("keeps each root machine's state and last events, with secrets masked", () => {
    const clock = { now: 1_000 };
    const h = hub('Tab a', clock);
    const actor = session(h.inspect);
    clock.now = 2_000;
    actor.send({ type: 'user.login', credentials: { userName: 'ada@example.com', password: 'correct horse', token: 'bot-ok' } });
    const [record] = h.records();
    expect(record).toMatchObject({ tab: 'Tab a', machine: 'session', value: 'loggingIn', status: 'active', updatedAt: 2_000 });
    expect(record.events.map((e) => e.type)).toEqual(['xstate.init', 'user.login']);
    expect(record.events[1].detail).toContain('ada@example.com');
    expect(record.events[1].detail).not.toContain('correct horse');
    expect(record.events[1].detail).not.toContain('bot-ok');
    // the invoked login actor is part of the session's story, not an actor of its own
    expect(h.records()).toHaveLength(1);
  });

  it(`keeps only the last ${maxLiveEvents} events`, () => {
    const h = hub('Tab a', { now: 1 });
    const actor = session(h.inspect);
    for (let i = 0; i < maxLiveEvents + 5; i++) actor.send({ type: 'user.logout' });
    expect(h.records()[0].events).toHaveLength(maxLiveEvents);
  });

  it('masks tokens in actor results and shows error messages', () => {
    expect(eventDetail({ type: 'x', output: { ...signedOutUser, jwt: 'secret-jwt', userName: 'ada' } } as never)).not.toContain('secret-jwt');
    expect(eventDetail({ type: 'x', error: new Error('Network down') } as never)).toBe('{"error":"Network down"}');
    expect(eventDetail({ type: 'user.logout' })).toBe('');
  });

  it('shares the records with a visualiser in another tab, newest first, and forgets closed tabs', async () => {
    const clock = { now: 1_000 };
    const first = hub('Tab a', clock);
    const second = hub('Tab b', clock);
    session(first.inspect);
    createActor(modalMachine, { inspect: first.inspect }).start();

    // A visualiser opening later asks every tab for what it has.
    const live = store();
    await expect.poll(() => live.getSnapshot().map((r) => `${r.tab} ${r.machine}`).sort()).toEqual(['Tab a modal', 'Tab a session']);

    clock.now = 5_000;
    const other = session(second.inspect);
    other.send({ type: 'user.login', credentials: { userName: 'bob@example.com', password: 'pw' } });
    await expect.poll(() => newestRecord(live.getSnapshot(), 'session')?.tab).toBe('Tab b');
    expect(newestRecord(live.getSnapshot(), 'session')?.value).toBe('loggingIn');
    expect(recentEvents(live.getSnapshot(), 'session').map((e) => `${e.tab} ${e.type}`)).toEqual([
      'Tab b user.login',
      'Tab b xstate.init',
      'Tab a xstate.init',
    ]);

    second.close();
    await expect.poll(() => newestRecord(live.getSnapshot(), 'session')?.tab).toBe('Tab a');
  });

  it('composes inspectors: functions and observers, or none', () => {
    const seen: string[] = [];
    const both = composeInspectors((e) => seen.push(`fn ${e.type}`), { next: (e) => seen.push(`observer ${e.type}`) }, undefined);
    createActor(modalMachine, { inspect: both }).start();
    expect(seen).toContain('fn @xstate.actor');
    expect(seen).toContain('observer @xstate.actor');
    expect(composeInspectors(undefined, undefined)).toBeUndefined();
  });
});
