/** Readable names for values, events and effects, shared by the drivers, the planner and test titles. */
import type { AnyEventObject } from 'xstate';
import type { AnyModel } from './types';

const UNDEFINED = '\u0000undefined\u0000';
/** JSON, except that `undefined` properties show (`{"accountId":undefined}`). */
export const showValue = (value: unknown): string =>
  (JSON.stringify(value, (_k, v: unknown) => (v === undefined ? UNDEFINED : v)) ?? 'undefined').replaceAll(
    JSON.stringify(UNDEFINED),
    'undefined',
  );

/** A readable name for an event of a model, effect events included. */
export function eventLabel(model: AnyModel, event: AnyEventObject): string {
  const info = model.effects.get(event.type);
  const { type: _type, actorId: _actorId, ...payload } = event;
  if (!info) {
    return Object.keys(payload).length ? `${event.type} ${showValue(payload)}` : event.type;
  }
  if (info.kind === 'after') {
    const expected = (model.description.delays as Record<string, unknown>)[String(info.delay)];
    const ms = typeof info.delay === 'number' ? info.delay : typeof expected === 'number' ? expected : undefined;
    return `${event.type} (wait ${ms === undefined ? `delay '${info.delay}'` : `${ms} ms`})`;
  }
  if (info.kind === 'done') {
    return `${event.type} (${info.src} resolves with ${showValue(event.output)})`;
  }
  const error = event.error instanceof Error ? event.error.message : JSON.stringify(event.error);
  return `${event.type} (${info.src} rejects: ${error})`;
}

/** A short name for a step event, for test titles: `user.login`, `login done`, `after transition`. */
export function shortEventLabel(model: AnyModel, event: AnyEventObject): string {
  const info = model.effects.get(event.type);
  if (!info) return event.type;
  if (info.kind === 'after') return `after ${String(info.delay)}`;
  if (info.kind === 'error') return `${info.src} error`;
  return event.output === null || event.output === undefined ? `${info.src} done (${String(event.output)})` : `${info.src} done`;
}
