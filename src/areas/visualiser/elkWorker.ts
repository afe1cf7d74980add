import type { ElkNode } from 'elkjs/lib/elk-api';
import elkWorkerUrl from 'elkjs/lib/elk-worker.min.js?url';
import type { Layouter } from './layout';

// elk in its web worker, loaded from the portal's own assets (offline), spoken to directly: elkjs's
// own client (elk-api.js) is a CommonJS bundle whose `require` shim would land in the runtime chunk
// every page loads. The protocol is elk-api's: numbered commands, answers with `data` or `error`.

type Answer = { id: number; data?: unknown; error?: { message?: string } | string };

export function elkInWorker(url: string = elkWorkerUrl): Layouter {
  const worker = new Worker(url);
  const pending = new Map<number, { resolve: (data: unknown) => void; reject: (error: Error) => void }>();
  let next = 0;
  worker.onmessage = ({ data }: MessageEvent<Answer>) => {
    const waiting = pending.get(data.id);
    if (!waiting) return;
    pending.delete(data.id);
    if (data.error) waiting.reject(new Error(typeof data.error === 'string' ? data.error : (data.error.message ?? 'elk failed')));
    else waiting.resolve(data.data);
  };
  const send = (message: Record<string, unknown>) =>
    new Promise<unknown>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...message, id });
    });
  void send({ cmd: 'register', algorithms: ['layered'] });
  return {
    layout: (graph) => send({ cmd: 'layout', graph, layoutOptions: {}, options: {} }) as Promise<ElkNode>,
  };
}
