import type { InspectionEvent, Observer, StateValue } from 'xstate';

// The inspection hub: what the offline visualiser (/visualiser) shows live. It watches the portal's
// root actors through createPortal's `inspect` option and keeps, per machine id, the latest state value
// and the last events, and shares them with every tab of this origin over a BroadcastChannel, so the
// visualiser can stay open in one tab while the portal is used in another. main.tsx loads it only where
// the visualiser may be opened (config.visualiser); it stays tiny and imports nothing at run time.

export const inspectionChannel = 'portal-inspection';
export const maxLiveEvents = 20;

export type LiveEvent = {
  type: string;
  /** The payload, short, with passwords and tokens masked. */
  detail: string;
  at: number;
};

/** One running root actor of one tab. */
export type LiveRecord = {
  tab: string;
  /** The tab's page when the record last changed. */
  path: string;
  machine: string;
  value: StateValue;
  status: string;
  /** Oldest first. */
  events: LiveEvent[];
  updatedAt: number;
};

export type InspectionMessage =
  | { kind: 'records'; records: LiveRecord[] }
  /** A visualiser opened: every hub answers with all its records. */
  | { kind: 'request' }
  | { kind: 'closed'; tab: string };

/** This page's label in the visualiser; new on every load. */
export const thisTab = `Tab ${Math.random().toString(36).slice(2, 6)}`;

const secret = /pass|jwt|token|secret/i;

/** The event without its type, as short JSON; values of password or token keys masked. */
export function eventDetail(event: { type: string }): string {
  const { type: _type, ...rest } = event as Record<string, unknown>;
  const json = JSON.stringify(rest, (key, value: unknown) =>
    secret.test(key) && value ? '•••' : value instanceof Error ? value.message : value,
  );
  return !json || json === '{}' ? '' : json.length > 160 ? `${json.slice(0, 159)}…` : json;
}

export type InspectionHub = {
  inspect(event: InspectionEvent): void;
  /** This tab's records. */
  records(): LiveRecord[];
  close(): void;
};

export function createInspectionHub({
  tab = thisTab,
  now = Date.now,
  path = () => location.pathname,
  channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(inspectionChannel),
}: {
  tab?: string;
  now?: () => number;
  path?: () => string;
  channel?: BroadcastChannel;
} = {}): InspectionHub {
  const byMachine = new Map<string, LiveRecord>();
  let open = channel;
  const post = (message: InspectionMessage) => open?.postMessage(message);
  const onMessage = (e: MessageEvent<InspectionMessage>) => {
    if (e.data?.kind === 'request') post({ kind: 'records', records: [...byMachine.values()] });
  };
  const onHide = () => post({ kind: 'closed', tab });
  channel?.addEventListener('message', onMessage);
  if (channel && typeof window !== 'undefined') window.addEventListener('pagehide', onHide);

  return {
    inspect(ev) {
      // Root actors of machines only: invoked promises and the like are part of their parent's story.
      const logic = (ev.actorRef as { logic?: { id?: unknown; root?: unknown } }).logic;
      if (ev.actorRef.sessionId !== ev.rootId || typeof logic?.id !== 'string' || !logic.root) return;
      const machine = logic.id;
      if (ev.type === '@xstate.actor') {
        // A new actor of the machine replaces the record of an earlier one.
        byMachine.set(machine, { tab, path: path(), machine, value: '', status: 'active', events: [], updatedAt: now() });
        return;
      }
      const record = byMachine.get(machine);
      if (!record) return;
      if (ev.type === '@xstate.event') {
        record.events = [...record.events, { type: ev.event.type, detail: eventDetail(ev.event), at: now() }].slice(-maxLiveEvents);
      } else if (ev.type === '@xstate.snapshot') {
        const snapshot = ev.snapshot as { value?: StateValue; status: string };
        Object.assign(record, { value: snapshot.value ?? '', status: snapshot.status, path: path(), updatedAt: now() });
        post({ kind: 'records', records: [record] });
      }
    },
    records: () => [...byMachine.values()],
    close() {
      onHide();
      if (typeof window !== 'undefined') window.removeEventListener('pagehide', onHide);
      open?.close();
      open = undefined;
    },
  };
}

type Inspector = Observer<InspectionEvent> | ((event: InspectionEvent) => void) | undefined;

/** One `inspect` function for several inspectors (the hub and the Stately inspector). */
export function composeInspectors(...inspectors: Inspector[]): ((event: InspectionEvent) => void) | undefined {
  const all = inspectors.filter((i): i is NonNullable<Inspector> => Boolean(i));
  if (!all.length) return undefined;
  return (event) => all.forEach((i) => (typeof i === 'function' ? i(event) : i.next?.(event)));
}
