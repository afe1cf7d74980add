// An account's usage of its subscriptions; the subscriptions with clicks left (bank's balance call).
export { subscriptionsWithRemaining } from './queries';
