import { z } from 'zod';
import { addressInput, flag, id } from '../fields';
import type { CallShape } from '../endpoint';
import { groupNameMaxLength, textRequired, textTooLong } from '../shared/text';
import { user, territory } from '../users/entities';
import { email, message, userIdQuery, userResponse } from '../users/schemas';
import {
  accessLevel,
  group,
  groupType,
  groupUserAccess,
  groupUserList,
  permissionList,
  serviceList,
  userPermissionList,
  userServiceList,
} from './entities';

// Request and response shapes of the group calls of spec section 7 ("Groups", and the group-related
// calls of "User server"), served under /api/users.

export const groupName = z.string().trim().min(1, textRequired('A name')).max(groupNameMaxLength, textTooLong('A name', groupNameMaxLength));

/** GET /group ?id, recurse, returnInvalid. With returnInvalid an unknown id answers null, not 404. */
export const groupQuery = z.object({ id, recurse: flag, returnInvalid: flag });
export const groupOrNull = group.nullable();

/** GET /groups ?parentId, recurse, recurseParents. */
export const groupsQuery = z.object({ parentId: id.optional(), recurse: flag, recurseParents: flag });
export const groupList = z.array(group);

/** POST /groups ?userId or parentId (the spec's creation payload may carry them in the body instead). */
export const createGroupQuery = z.object({ userId: id.optional(), parentId: id.optional() });
export const createGroupBody = z.object({
  type: z.enum(['organisation', 'account']),
  name: groupName,
  country: z.string().trim().max(100).optional(),
  territory: territory.optional(),
  /** The creator (or, with userId, that user) becomes owner; false leaves the group pending ownership. */
  owner: z.boolean().default(true),
  userId: z.number().int().positive().optional(),
  groupId: z.number().int().positive().optional(),
});
export const createdId = z.object({ id: z.number().int() });

/** PUT /groups ?groupId. */
export const groupIdQuery = z.object({ groupId: id });
export const updateGroupBody = z
  .object({
    name: groupName.optional(),
    ...addressInput,
    territory: territory.optional(),
  })
  .strict();

/** DELETE /groups ?id. */
export const deleteGroupQuery = z.object({ id });

/** POST /groupusers ?groupId, email: invite. */
export const inviteQuery = z.object({ groupId: id, email });
// The body may be left out altogether (Fastify then gives null): every field has its default.
export const inviteBody = z.preprocess(
  (body) => body ?? {},
  z.object({
    /** Seconds the invitation link stays valid (spec section 5: 86400). */
    expiry: z.number().int().min(60).max(31_536_000).default(86_400),
    takeOwnership: z.boolean().default(false),
    accessLevel: accessLevel.default('member'),
  }),
);

/** POST /groupinvite ?jwt, and GET /groupinvite ?jwt to read the invitation first. */
export const acceptInviteQuery = z.object({ jwt: z.string().trim().min(1).max(4096) });

/** What a genuine invitation addressed to the caller offers. */
export const invitationDetails = z.object({
  groupId: z.number().int(),
  groupName: z.string(),
  groupType,
  /** Who sent it: their name, else their email; null when that user has been deleted since. */
  inviter: z.string().nullable(),
  accessLevel,
  /** Accepting makes the invitee owner and ends the group's pending ownership. */
  takeOwnership: z.boolean(),
  /** Seconds. */
  expiresAt: z.number().int(),
});

/**
 * GET /groupinvite ?jwt: the invitation as its link stands, read before anyone clicks. Only the
 * invitee learns which group it is for: a link that is not genuine says nothing more than that, and
 * one for another address names only that address (which the link itself carries).
 */
export const invitationPreview = z.discriminatedUnion('status', [
  /** Forged, altered, not an invitation at all, or its group deleted since. */
  z.object({ status: z.literal('invalid') }),
  z.object({ status: z.literal('otherUser'), email: z.string() }),
  invitationDetails.extend({
    /**
     * valid: can be accepted; member: the caller already holds that access (accepting would change
     * nothing); used: accepted once already; expired: past expiresAt.
     */
    status: z.enum(['valid', 'member', 'used', 'expired']),
  }),
]);
export type InvitationPreview = z.infer<typeof invitationPreview>;

/** GET /groupusers ?groupId, accessLevel, excludeParents. */
export const groupUsersQuery = z.object({ groupId: id, accessLevel: accessLevel.optional(), excludeParents: flag });

/** DELETE /groupusers, GET and DELETE /groupuseraccess ?groupId, userId. */
export const groupUserQuery = z.object({ groupId: id, userId: id });
/** PUT /groupuseraccess ?groupId, userId, accessLevel. */
export const groupUserAccessQuery = groupUserQuery.extend({ accessLevel });

/** PUT /group/updatecharity ?groupId. */
export const charityBody = z.object({
  charityPSLNumber: z.string().trim().min(1, 'A charity number is required').max(50),
  isInVerifyProcess: z.boolean().default(true),
  isRoyalMailDiscount: z.boolean().default(false),
  isOSDiscount: z.boolean().default(false),
});
/** PUT /group/confirmcharity ?groupId (staff). */
export const confirmCharityBody = charityBody.extend({ isValid: z.boolean() });

/** PUT /migrate/orgToPartner ?groupId. An empty partnerType makes a plain partner. */
export const orgToPartnerBody = z.object({ partnerType: z.string().trim().toLowerCase().max(50) });

/** GET /users (staff). */
export const userList = z.array(user);
/** PUT /userlock ?id. */
export const userLockBody = z.object({ lock: z.boolean() });

/** GET /services. */

/** GET /userservices ?groupId, userId; PUT and DELETE add serviceId and an optional tokenId. */
export const userServicesQuery = groupUserQuery;
export const userServiceQuery = groupUserQuery.extend({ serviceId: id, tokenId: id.optional() });

export const userPermissionsQuery = z.object({ userId: id.optional() });
/** PUT /userpermissions. userId defaults to the caller. */
export const userPermissionBody = z.object({
  userId: z.number().int().positive().optional(),
  permissionId: z.number().int().positive(),
  enabled: z.boolean(),
});

export type CreateGroupBody = z.infer<typeof createGroupBody>;
export type UpdateGroupBody = z.infer<typeof updateGroupBody>;
export type InviteBody = z.infer<typeof inviteBody>;
export type CharityBody = z.infer<typeof charityBody>;
export type ConfirmCharityBody = z.infer<typeof confirmCharityBody>;

// ---- Call shapes: one per endpoint of ./endpoints.ts, same name ---------------------------------

export const getGroup = { query: groupQuery, response: groupOrNull } satisfies CallShape;
export const listGroups = { query: groupsQuery, response: groupList } satisfies CallShape;
export const createGroup = { query: createGroupQuery, body: createGroupBody, response: createdId } satisfies CallShape;
export const updateGroup = { query: groupIdQuery, body: updateGroupBody, response: group } satisfies CallShape;
export const deleteGroup = { query: deleteGroupQuery, response: message } satisfies CallShape;
export const inviteToGroup = { query: inviteQuery, body: inviteBody, response: message } satisfies CallShape;
export const acceptInvite = { query: acceptInviteQuery, response: group } satisfies CallShape;
export const previewInvite = { query: acceptInviteQuery, response: invitationPreview } satisfies CallShape;
export const listGroupUsers = { query: groupUsersQuery, response: groupUserList } satisfies CallShape;
export const removeGroupUser = { query: groupUserQuery, response: message } satisfies CallShape;
export const getGroupUserAccess = { query: groupUserQuery, response: groupUserAccess } satisfies CallShape;
export const setGroupUserAccess = { query: groupUserAccessQuery, response: groupUserAccess } satisfies CallShape;
export const removeGroupUserAccess = { query: groupUserQuery, response: message } satisfies CallShape;
export const enableCorporate = { query: groupIdQuery, response: group } satisfies CallShape;
export const disableCorporate = { query: groupIdQuery, response: group } satisfies CallShape;
export const updateCharity = { query: groupIdQuery, body: charityBody, response: group } satisfies CallShape;
export const confirmCharity = { query: groupIdQuery, body: confirmCharityBody, response: group } satisfies CallShape;
export const disableCharity = { query: groupIdQuery, response: group } satisfies CallShape;
export const orgToPartner = { query: groupIdQuery, body: orgToPartnerBody, response: group } satisfies CallShape;
export const removeFromPartner = { query: groupIdQuery, response: group } satisfies CallShape;

// The user-admin calls of the user server (their endpoints are in ../users/endpoints.ts): their
// schemas live here, and users/schemas.ts cannot import this file (it imports that one).
export const listUsers = { response: userList } satisfies CallShape;
export const lockUser = { query: userIdQuery, body: userLockBody, response: userResponse } satisfies CallShape;
export const listServices = { response: serviceList } satisfies CallShape;
export const userServices = { query: userServicesQuery, response: userServiceList } satisfies CallShape;
export const grantUserService = { query: userServiceQuery, response: userServiceList } satisfies CallShape;
export const revokeUserService = { query: userServiceQuery, response: userServiceList } satisfies CallShape;
export const listPermissions = { response: permissionList } satisfies CallShape;
export const userPermissions = { query: userPermissionsQuery, response: userPermissionList } satisfies CallShape;
export const setUserPermission = { body: userPermissionBody, response: userPermissionList } satisfies CallShape;
