import { charityNotInVerification, corporateErrors } from '../../../contract/shared/messages';
import type { Group } from '../../../contract/groups/entities';
import type { CharityBody, ConfirmCharityBody } from '../../../contract/groups/schemas';
import { badRequest } from '../../errors';
import { secondsOf } from '../../platform/clock';
import { endExportsNoLongerAllowed } from '../tokens/index';
import { assertUserMay, type Caller } from '../access/index';
import { mayUser } from '../../../contract/shared/access';
import { groupTypeOf } from './queries';
import { changeGroup, type GroupDeps } from './serviceTree';

// A group's status (spec sections 4 and 5): corporate, charity, and its place under a partner. Each
// change locks the group, authorises, and writes in one transaction.

type OnGroup = { groupId: number };

/** PUT /group/enablecorporate and /group/disablecorporate (spec sections 4 and 5). */
export function setCorporate(deps: GroupDeps, caller: Caller, input: OnGroup & { enable: boolean }): Promise<Group> {
  const { enable } = input;
  return changeGroup(deps, caller, input.groupId, 'manage', (_trx, group) => {
    if (group.type !== 'organisation') throw badRequest(corporateErrors.type);
    if (enable && group.subtype) throw badRequest(corporateErrors.enable);
    if (!enable && group.subtype !== 'corporate') throw badRequest(corporateErrors.disable);
    return { subtype: enable ? 'corporate' : null };
  });
}

const onlyOrganisationCharities = () => badRequest('Only organisations can be charities');


/**
 * PUT /group/updatecharity: sets the charity number, to be verified by staff. Discounts are staff's
 * to give: an owner asking for one is refused, and a number set by an owner goes into verification
 * with no discount until staff confirm it.
 */
export function updateCharity(deps: GroupDeps, caller: Caller, input: { query: OnGroup; body: CharityBody }): Promise<Group> {
  const { body } = input;
  const staff = mayUser(caller, 'give discounts');
  if (body.isRoyalMailDiscount || body.isOSDiscount) assertUserMay(caller, 'give discounts');
  return changeGroup(deps, caller, input.query.groupId, 'manage', (_trx, group) => {
    if (group.type !== 'organisation') throw onlyOrganisationCharities();
    return {
      charity_psl_number: body.charityPSLNumber,
      is_in_verify_process: staff ? body.isInVerifyProcess : true,
      is_royal_mail_discount: staff && body.isRoyalMailDiscount,
      is_os_discount: staff && body.isOSDiscount,
      charity_valid: null,
    };
  });
}

/** PUT /group/confirmcharity (staff): settles a charity in verification as valid or invalid. */
export function confirmCharity(deps: GroupDeps, caller: Caller, input: { query: OnGroup; body: ConfirmCharityBody }): Promise<Group> {
  const { body } = input;
  return changeGroup(deps, caller, input.query.groupId, 'staff', (_trx, group) => {
    if (!group.isInVerifyProcess) throw badRequest(charityNotInVerification);
    return {
      charity_psl_number: body.charityPSLNumber,
      is_in_verify_process: false,
      // An invalid charity gets no discount, whatever was asked.
      is_royal_mail_discount: body.isValid && body.isRoyalMailDiscount,
      is_os_discount: body.isValid && body.isOSDiscount,
      charity_valid: body.isValid,
    };
  });
}

/** PUT /group/disablecharity: the group is no longer a charity. */
export function disableCharity(deps: GroupDeps, caller: Caller, input: OnGroup): Promise<Group> {
  return changeGroup(deps, caller, input.groupId, 'manage', () => ({
    charity_psl_number: null,
    is_in_verify_process: false,
    is_royal_mail_discount: false,
    is_os_discount: false,
    charity_valid: null,
  }));
}

/** PUT /migrate/orgToPartner (admin, super): a root organisation becomes a partner, keeping its children. */
export function organisationToPartner(
  deps: GroupDeps,
  caller: Caller,
  input: { query: OnGroup; body: { partnerType: string } },
): Promise<Group> {
  return changeGroup(deps, caller, input.query.groupId, 'admin', (_trx, group) => {
    if (group.type !== 'organisation') throw badRequest('Only organisations can be migrated to partners');
    if (group.parentId !== null) throw badRequest('Only an organisation without a partner can become a partner');
    return { type: 'partner', subtype: input.body.partnerType || null };
  });
}

/**
 * PUT /migrate/removeFromPartner (admin, super): the organisation leaves its partner and becomes a
 * root. The partner's owners no longer own its accounts: their exported tokens of them stop with it.
 */
export function removeFromPartner(deps: GroupDeps, caller: Caller, input: OnGroup): Promise<Group> {
  return changeGroup(
    deps,
    caller,
    input.groupId,
    'admin',
    async (trx, group) => {
      const parentType = group.parentId === null ? undefined : await groupTypeOf(trx, group.parentId);
      if (group.type !== 'organisation' || parentType !== 'partner') {
        throw badRequest('Only an organisation under a partner can be removed from it');
      }
      return { parent_id: null };
    },
    (trx) => endExportsNoLongerAllowed(trx, { underGroupId: input.groupId }, secondsOf(deps.clock)),
  );
}
