import { assign, fromPromise, setup } from 'xstate';
import type { FormattedAddress, Suggestion } from '../contract/address/entities';
import { oneLine } from '../contract/shared/addressLabel';
import type { LabelConfig } from '../contract/shared/labelConfig';
import { messageOf } from './checkResults';

// The address lookup page (/applications/addresslookup): suggestions as the user types (after a
// pause), a suggestion chosen and looked up (one click), Find listing the addresses of a postcode or
// text (one click, Show more once for as many as a lookup answers), an address Find listed shown with
// no call, and the label configuration, which redraws the label on the page. Three regions run side
// by side: the search (suggestions and Find), the lookup of a chosen suggestion, and the closing of
// the suggestion list a moment after the box loses focus. A new search drops the answer of the one
// before; every call, answered or dropped, is followed by a read of the clicks left.

/** Milliseconds after the last keystroke before suggestions are asked for. */
export const debounceMs = 200;
/** Milliseconds after the box loses focus before the list closes (a click on an option lands first). */
export const closeListMs = 150;
/** Addresses Find lists at first; Show more asks once for `mostResults`. */
export const findLimit = 20;
/** Suggestions one answer lists. */
export const suggestLimit = 8;
export const noMatch = 'No address matches: try a postcode or fewer words.';

export type ClicksLeft = { lookup: number; autocomplete: number };

/** Find's answer: the addresses listed, and whether more matched than were listed. */
export type Found = { query: string; addresses: FormattedAddress[]; more: boolean; limit: number };

export type AddressLookupInput = {
  /** The label configuration saved for this user and territory. */
  config: LabelConfig;
  /** The most addresses one lookup answers (Show more asks for this many). */
  mostResults: number;
};

export type AddressLookupContext = AddressLookupInput & {
  /** What the box holds. */
  text: string;
  /** The suggestion (or listed address) the box shows, until the user types again. */
  chosen: Suggestion | null;
  suggestions: Suggestion[];
  /** More addresses match than the suggestions list. */
  moreSuggested: boolean;
  /** The suggestion list is open (shown while the box holds text). */
  open: boolean;
  /** The option the arrow keys are on; -1 for none. */
  active: number;
  /** The address whose label is drawn. */
  address: FormattedAddress | null;
  /** Why the last call failed, or that Find matched nothing. */
  problem: string | null;
  clicks: ClicksLeft | null;
  /** A search was sent and its answer is awaited; one dropped for a newer search leaves it set until that one answers. */
  searching: boolean;
  found: Found | null;
  /** What the Find on its way asked for. */
  finding: { query: string; limit: number };
};

export type AddressLookupEvent =
  | { type: 'user.type'; text: string }
  | { type: 'user.down' }
  | { type: 'user.up' }
  | { type: 'user.enter' }
  | { type: 'user.escape' }
  | { type: 'user.blur' }
  | { type: 'user.focus' }
  | { type: 'user.choose'; suggestion: Suggestion }
  | { type: 'user.find' }
  | { type: 'user.showMore' }
  | { type: 'user.pick'; address: FormattedAddress }
  | { type: 'user.configure'; change: Partial<LabelConfig> }
  | { type: 'clicks.read'; clicks: ClicksLeft | null };

type Context = AddressLookupContext;
const query = (c: Context) => c.text.trim();
const suggestionActive = (c: Context) => c.open && c.active >= 0 && c.active < c.suggestions.length;
/** Suggestions are asked for what the box holds, unless it is empty or shows what was chosen. */
const asksSuggestions = (c: Context) => query(c) !== '' && !(c.chosen && c.chosen.text === c.text);
const refused = (error: unknown) => ({ problem: messageOf(error), searching: false });

// What an event does to the context, where two transitions share it.
const typed = (text: string) => ({ text, chosen: null, open: true });
/** Find asks for what the box holds; the suggestion list closes and empties. */
const findQuery = ({ context }: { context: Context }) => ({
  finding: { query: query(context), limit: findLimit },
  open: false,
  suggestions: [],
  active: -1,
  searching: true,
});
const choose = (s: Suggestion) => ({ chosen: s, text: s.text, open: false, active: -1 });

/**
 * The app provides `suggest` (GET /autoc/json), `find` and `lookUp` (GET /json/{dataset} with a
 * query or a suggestion's id), each rejecting with the words the page shows; `refreshClicks` (reads
 * the clicks left, then sends `clicks.read`) and `saveConfig` (keeps the label configuration).
 */
export const addressLookupMachine = setup({
  types: {
    input: {} as AddressLookupInput,
    context: {} as AddressLookupContext,
    events: {} as AddressLookupEvent,
  },
  actors: {
    suggest: fromPromise<{ suggestions: Suggestion[]; more: boolean }, { q: string; limit: number }>(async () => {
      throw new Error('suggest not provided');
    }),
    find: fromPromise<{ addresses: FormattedAddress[]; more: boolean }, { q: string; limit: number; config: LabelConfig }>(async () => {
      throw new Error('find not provided');
    }),
    lookUp: fromPromise<{ addresses: FormattedAddress[] }, { id: string; config: LabelConfig }>(async () => {
      throw new Error('lookUp not provided');
    }),
  },
  actions: {
    refreshClicks: () => {},
    saveConfig: (_, _params: { config: LabelConfig }) => {},
  },
  guards: {
    typedQuery: ({ event }) => event.type === 'user.type' && event.text.trim() !== '',
    asksSuggestions: ({ context }) => asksSuggestions(context),
    hasQuery: ({ context }) => query(context) !== '',
    findsOnEnter: ({ context }) => !suggestionActive(context) && query(context) !== '',
    suggestionActive: ({ context }) => suggestionActive(context),
    /** Show more is offered once, while Find listed fewer than a lookup can answer and more match. */
    moreToShow: ({ context }) => context.found !== null && context.found.more && context.found.limit < context.mostResults,
  },
  delays: { debounce: debounceMs, closeList: closeListMs },
}).createMachine({
  id: 'addressLookup',
  type: 'parallel',
  context: ({ input }) => ({
    ...input,
    text: '',
    chosen: null,
    suggestions: [],
    moreSuggested: false,
    open: false,
    active: -1,
    address: null,
    problem: null,
    clicks: null,
    searching: false,
    found: null,
    finding: { query: '', limit: findLimit },
  }),
  entry: 'refreshClicks',
  on: {
    'user.down': {
      actions: assign(({ context: c }) => ({
        open: c.open || c.suggestions.length > 0,
        active: Math.min(c.active + 1, c.suggestions.length - 1),
      })),
    },
    'user.up': { actions: assign({ active: ({ context }) => Math.max(context.active - 1, 0) }) },
    // Escape closes an open list, or else empties the box.
    'user.escape': { actions: assign(({ context }) => (context.open ? { open: false } : { text: '' })) },
    'user.configure': {
      actions: [
        assign({ config: ({ context, event }) => ({ ...context.config, ...event.change }) }),
        { type: 'saveConfig', params: ({ context }) => ({ config: context.config }) },
      ],
    },
    'clicks.read': { actions: assign({ clicks: ({ event }) => event.clicks }) },
  },
  states: {
    search: {
      initial: 'idle',
      on: {
        // Typing waits for a pause before asking; an emptied box asks nothing (an answer on its way still lands).
        'user.type': [
          { guard: 'typedQuery', target: '.waiting', actions: assign(({ event }) => typed(event.text)) },
          { actions: assign(({ event }) => typed(event.text)) },
        ],
        'user.find': { guard: 'hasQuery', target: '.finding', actions: assign(findQuery) },
        'user.enter': { guard: 'findsOnEnter', target: '.finding', actions: assign(findQuery) },
        'user.showMore': {
          guard: 'moreToShow',
          target: '.finding',
          actions: assign(({ context }) => ({
            ...findQuery({ context }),
            finding: { query: context.found?.query ?? '', limit: context.mostResults },
          })),
        },
        // An address Find listed is already fetched: shown with no call, and a search on its way is dropped.
        'user.pick': {
          target: '.idle',
          actions: assign(({ event }) => {
            const text = oneLine(event.address.parts);
            return { chosen: { id: event.address.id, text, postcode: event.address.postcode }, text, open: false, address: event.address, problem: null };
          }),
        },
      },
      states: {
        idle: {},
        // Once the pause is over, suggestions are asked for what the box holds then, unless Escape
        // emptied it or a suggestion was chosen meanwhile.
        waiting: {
          after: {
            debounce: [{ guard: 'asksSuggestions', target: 'suggesting' }, { target: 'idle' }],
          },
        },
        suggesting: {
          entry: assign({ searching: true }),
          exit: 'refreshClicks',
          invoke: {
            id: 'suggest',
            src: 'suggest',
            input: ({ context }) => ({ q: query(context), limit: suggestLimit }),
            onDone: {
              target: 'idle',
              actions: assign(({ event }) => ({
                suggestions: event.output.suggestions,
                moreSuggested: event.output.more,
                open: true,
                active: -1,
                problem: null,
                searching: false,
              })),
            },
            onError: { target: 'idle', actions: assign(({ event }) => refused(event.error)) },
          },
        },
        finding: {
          exit: 'refreshClicks',
          invoke: {
            id: 'find',
            src: 'find',
            input: ({ context }) => ({ q: context.finding.query, limit: context.finding.limit, config: context.config }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                found: { ...context.finding, addresses: event.output.addresses, more: event.output.more },
                problem: event.output.addresses.length ? null : noMatch,
                searching: false,
              })),
            },
            onError: { target: 'idle', actions: assign(({ event }) => refused(event.error)) },
          },
        },
      },
    },
    lookup: {
      initial: 'idle',
      on: {
        // A chosen suggestion is looked up once (one click), replacing a lookup still on its way; the
        // label is drawn on the page.
        'user.choose': { target: '.looking', actions: assign(({ event }) => choose(event.suggestion)) },
        'user.enter': { guard: 'suggestionActive', target: '.looking', actions: assign(({ context }) => choose(context.suggestions[context.active])) },
      },
      states: {
        idle: {},
        looking: {
          exit: 'refreshClicks',
          invoke: {
            id: 'lookUp',
            src: 'lookUp',
            input: ({ context }) => ({ id: context.chosen?.id ?? '', config: context.config }),
            onDone: { target: 'idle', actions: assign(({ event }) => ({ address: event.output.addresses[0] ?? null, problem: null })) },
            onError: { target: 'idle', actions: assign(({ event }) => ({ problem: messageOf(event.error) })) },
          },
        },
      },
    },
    // The list closes a moment after the box loses focus, unless it gets it back first.
    list: {
      initial: 'focused',
      states: {
        focused: { on: { 'user.blur': 'closing' } },
        closing: {
          on: { 'user.focus': 'focused' },
          after: { closeList: { target: 'focused', actions: assign({ open: false }) } },
        },
      },
    },
  },
});
