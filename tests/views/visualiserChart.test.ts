import { describe, expect, it } from 'vitest';
import ELK from 'elkjs/lib/elk.bundled.js';
import { and, not, setup, stateIn } from 'xstate';
import { machines } from '../../machines/registry';
import { sessionMachine } from '../../machines/session';
import { activeIds, chartOf, type ChartNode } from '../../src/areas/visualiser/chart';
import { estimate, layoutChart, type Box } from '../../src/areas/visualiser/layout';

// The visualiser's drawing, computed from machine definitions alone (no per-machine wiring).

const demo = setup({ guards: { ready: () => true, allowed: () => true }, delays: { slow: 500 } }).createMachine({
  id: 'demo',
  initial: 'idle',
  on: { reset: '.idle' },
  states: {
    idle: { on: { go: 'busy', jump: 'busy.two.y', ping: { actions: () => {} } } },
    busy: {
      type: 'parallel',
      states: {
        one: { initial: 'a', states: { a: { after: { slow: 'b', 250: 'b' } }, b: { type: 'final' } } },
        two: {
          initial: 'x',
          states: {
            x: { always: { guard: not('ready'), target: 'y' } },
            y: { on: { back: { target: '#demo.idle', guard: and(['ready', stateIn('#demo.busy.one.b')]) } } },
            hist: { type: 'history', history: 'deep' },
          },
        },
      },
      onDone: 'done',
    },
    done: { type: 'final' },
  },
});

const find = (node: ChartNode, id: string): ChartNode | undefined =>
  node.id === id ? node : node.children.map((c) => find(c, id)).find(Boolean);

describe('visualiser chart', () => {
  it('reads the session machine: initial state, invoked actors, guards with their else, delays, re-entries', () => {
    const chart = chartOf(sessionMachine);
    expect(chart.root.initial).toBe('session.starting');
    const edges = Object.fromEntries(chart.edges.map((e) => [`${e.source} -> ${e.target}`, e.lines]));
    expect(edges['session.starting -> session.resuming']).toEqual(['always [hasSavedToken]']);
    expect(edges['session.starting -> session.signedOut']).toEqual(['always [else]']);
    expect(edges['session.resuming -> session.signedOut']).toEqual(['user.logout', 'done: reauthenticate [noToken]', 'error: reauthenticate']);
    expect(edges['session.resuming -> session.secondFactor']).toEqual(['done: reauthenticate [atStage]']);
    expect(edges['session.resuming -> session.authenticated']).toEqual(['done: reauthenticate [else]']);
    expect(edges['session.authenticated -> session.reauthenticating']).toEqual([
      'user.validated',
      'account.selected',
      'after reauthDelay',
    ]);
    expect(edges['session.loggingIn -> session.signedOut']).toEqual(['error: login']);
    expect(find(chart.root, 'session.reauthenticating')?.lines).toEqual([
      'invoke reauthenticate',
      '↻ account.selected',
      '↻ user.validated',
    ]);
  });

  it('reads nesting, parallel regions, final and history states, numeric delays and guard combinators', () => {
    const chart = chartOf(demo);
    const busy = find(chart.root, 'demo.busy')!;
    expect(busy.type).toBe('parallel');
    expect(busy.children.map((c) => [c.name, c.region, c.initial])).toEqual([
      ['one', true, 'demo.busy.one.a'],
      ['two', true, 'demo.busy.two.x'],
    ]);
    expect(find(chart.root, 'demo.busy.one.b')?.type).toBe('final');
    expect(find(chart.root, 'demo.busy.two.hist')?.lines).toEqual(['history (deep)']);
    expect(find(chart.root, 'demo.idle')?.lines).toEqual(['• ping']);
    const edges = Object.fromEntries(chart.edges.map((e) => [`${e.source} -> ${e.target}`, e.lines]));
    // (object keys: the numeric delay comes first)
    expect(edges['demo.busy.one.a -> demo.busy.one.b']).toEqual(['after 250 ms', 'after slow']);
    expect(edges['demo.busy.two.x -> demo.busy.two.y']).toEqual(['always [not(ready)]']);
    expect(edges['demo.busy.two.y -> demo.idle']).toEqual(['back [and(ready, in(#demo.busy.one.b))]']);
    expect(edges['demo.busy -> demo.done']).toEqual(['done']);
    expect(edges['demo -> demo.idle']).toEqual(['reset']);
  });

  it('finds the active states of a state value, parallel and nested', () => {
    expect([...activeIds(demo, { busy: { one: 'a', two: 'y' } })].sort()).toEqual([
      'demo',
      'demo.busy',
      'demo.busy.one',
      'demo.busy.one.a',
      'demo.busy.two',
      'demo.busy.two.y',
    ]);
    expect([...activeIds(sessionMachine, 'authenticated')]).toEqual(['session', 'session.authenticated']);
  });
});

describe('visualiser layout (elk)', () => {
  const elk = new ELK();
  const inside = (a: Box, b: Box) => a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height;
  const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  for (const machine of [...machines, demo]) {
    it(`lays out ${machine.id}: children inside parents, no overlapping states or labels`, async () => {
      const placed = await layoutChart(chartOf(machine), estimate, elk);
      const byId = new Map(placed.nodes.map((n) => [n.node.id, n]));
      for (const n of placed.nodes) {
        for (const child of n.node.children) expect(inside(byId.get(child.id)!, n), `${child.id} inside ${n.node.id}`).toBe(true);
        // siblings apart
        const siblings = n.node.children.map((c) => byId.get(c.id)!);
        siblings.forEach((a, i) => siblings.slice(i + 1).forEach((b) => expect(overlap(a, b), `${a.node.id} / ${b.node.id}`).toBe(false)));
      }
      const leaves = placed.nodes.filter((n) => n.node.children.length === 0);
      const labels = placed.edges.flatMap((e) => (e.label ? [{ ...e.label, id: e.id }] : []));
      expect(labels).toHaveLength(chartOf(machine).edges.length);
      for (const [i, label] of labels.entries()) {
        for (const leaf of leaves) expect(overlap(label, leaf), `${label.id} over ${leaf.node.id}`).toBe(false);
        for (const other of labels.slice(i + 1)) expect(overlap(label, other), `${label.id} over ${other.id}`).toBe(false);
      }
      for (const e of placed.edges) expect(e.points.length).toBeGreaterThanOrEqual(2);
    });
  }
});
