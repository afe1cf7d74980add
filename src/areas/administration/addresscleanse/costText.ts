import { formatMoney } from '../../../../contract/shared/catalogue';
import { territories, type Territory } from '../../../../contract/shared/territory';
import { formatDate } from '../../../shared/format';
import { minorUnit, perUnit } from '../../../shared/money';
import type { AdminCost, CostType } from '../../../api/bureau';

// The admin costs of spec section 3 as the prices page shows them: per territory and cost type, the
// price in force and any price scheduled after it, and each one's history. Pure (tests/views/bureauAdmin.test.tsx).

export { minorUnit, perUnit };

export const basePrice = (minor: number, territory: Territory) => formatMoney(minor, territory);

/** When a price applies: in force now, scheduled to start, or over (history). */
export type CostState = 'current' | 'scheduled' | 'ended';
export function costState(cost: AdminCost, now: number): CostState {
  if (cost.startDate > now) return 'scheduled';
  return cost.endDate !== null && cost.endDate <= now ? 'ended' : 'current';
}

/** Every price of one cost type in one territory, newest start first. */
export const historyOf = (costs: readonly AdminCost[], costTypeId: number, territory: Territory) =>
  costs.filter((c) => c.costTypeId === costTypeId && c.territory === territory).sort((a, b) => b.startDate - a.startDate || b.costId - a.costId);

export type CostLine = {
  costType: CostType;
  territory: Territory;
  /** In force now (null: none yet). */
  current: AdminCost | null;
  /** Set to start later (it ends the current one then). */
  scheduled: AdminCost | null;
  /** The price an update replaces: the newest one, which has no end. */
  latest: AdminCost | null;
  history: AdminCost[];
};

/** One line per territory and cost type (every cost type appears, priced or not). */
export function costLines(costs: readonly AdminCost[], costTypes: readonly CostType[], now: number): Array<{ territory: Territory; lines: CostLine[] }> {
  return territories.map((territory) => ({
    territory,
    lines: costTypes.map((costType) => {
      const history = historyOf(costs, costType.costTypeId, territory);
      return {
        costType,
        territory,
        current: history.find((c) => costState(c, now) === 'current') ?? null,
        scheduled: history.find((c) => costState(c, now) === 'scheduled') ?? null,
        latest: history.find((c) => c.endDate === null) ?? history[0] ?? null,
        history,
      };
    }),
  }));
}

/** When a price starts: the seeded first prices start at 0, before any file. */
export const startText = (seconds: number) => (seconds === 0 ? 'From the start' : formatDate(seconds));
