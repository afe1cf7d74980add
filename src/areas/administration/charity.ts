import type { Group } from '../../../contract/groups/entities';

// An organisation's charity status (spec section 4: set a charity number, which is then in
// verification; staff confirm it valid or invalid; disable) read from the group's fields.

export type CharityStatus = 'none' | 'verifying' | 'confirmed' | 'invalid';

type CharityFields = Pick<Group, 'charityPSLNumber' | 'isInVerifyProcess' | 'charityValid'>;

export function charityStatusOf(group: CharityFields): CharityStatus {
  if (!group.charityPSLNumber) return 'none';
  if (group.isInVerifyProcess) return 'verifying';
  if (group.charityValid === false) return 'invalid';
  // Confirmed valid, or set by staff with no verification asked (only staff may skip it): both
  // are staff vouching for the number.
  return 'confirmed';
}

export const charityStatusLabels: Record<CharityStatus, string> = {
  none: 'Not a charity',
  verifying: 'Charity in verification',
  confirmed: 'Charity confirmed',
  invalid: 'Charity number not valid',
};

export const charityBadgeClasses: Record<CharityStatus, string> = {
  none: 'badge--muted',
  verifying: 'badge--warning',
  confirmed: 'badge--ok',
  invalid: 'badge--danger',
};

/** The discounts staff give a confirmed charity, in the customer's words. */
export const charityDiscounts = [
  { field: 'isRoyalMailDiscount', label: 'Royal Mail discount' },
  { field: 'isOSDiscount', label: 'Ordnance Survey discount' },
] as const;
