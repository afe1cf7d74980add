import { useSyncExternalStore } from 'react';
import { inspectionChannel, type InspectionMessage, type LiveEvent, type LiveRecord } from '../../app/inspection';

// The visualiser's side of the inspection hub (src/app/inspection.ts): listens on the channel every
// tab's hub posts to (this tab's included) and asks them all for what they have when it opens.

export type LiveStore = {
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly LiveRecord[];
};

export function createLiveStore(channelName = inspectionChannel): LiveStore {
  const records = new Map<string, LiveRecord>();
  const listeners = new Set<() => void>();
  let snapshot: readonly LiveRecord[] = [];
  let channel: BroadcastChannel | undefined;

  const changed = () => {
    snapshot = [...records.values()];
    listeners.forEach((l) => l());
  };
  const onMessage = (e: MessageEvent<InspectionMessage>) => {
    const message = e.data;
    if (message?.kind === 'records') {
      for (const record of message.records) records.set(`${record.tab}\n${record.machine}`, record);
      changed();
    } else if (message?.kind === 'closed') {
      for (const [key, record] of records) if (record.tab === message.tab) records.delete(key);
      changed();
    }
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (!channel && typeof BroadcastChannel !== 'undefined') {
        channel = new BroadcastChannel(channelName);
        channel.addEventListener('message', onMessage);
        channel.postMessage({ kind: 'request' } satisfies InspectionMessage);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          channel?.close();
          channel = undefined;
        }
      };
    },
    getSnapshot: () => snapshot,
  };
}

const store = createLiveStore();

/** Every running root actor of every open tab of the portal, as the hubs report them. */
export const useLiveRecords = () => useSyncExternalStore(store.subscribe, store.getSnapshot);

/** The most recently changed actor of `machine`, in any tab. */
export function newestRecord(records: readonly LiveRecord[], machine: string): LiveRecord | undefined {
  return records.filter((r) => r.machine === machine).sort((a, b) => b.updatedAt - a.updatedAt)[0];
}

/** The last events `machine`'s actors received, in every tab, newest first. */
export function recentEvents(records: readonly LiveRecord[], machine: string, limit = 20): (LiveEvent & { tab: string })[] {
  return records
    .filter((r) => r.machine === machine)
    // newest first within a tab too, so that events of the same millisecond keep their order
    .flatMap((r) => r.events.map((e) => ({ ...e, tab: r.tab })).reverse())
    .sort((a, b) => b.at - a.at)
    .slice(0, limit);
}
