import { z } from 'zod';
import { accessLevels, groupTypes, territory, user, type Group } from './entities';
import { email } from './users';

// Request and response shapes of the group calls of spec section 7 ("Groups", and the group-related
// calls of "User server"), served under /api/users, plus GET /account/candelete of the plans manager.

const id = z.coerce.number().int().positive();
/** Query-string booleans as the SPA's qs serialisation sends them: true/false, 1/0, yes/no. */
const flag = z.stringbool().default(false);
const text = (max: number) => z.string().trim().max(max).nullable().optional();

export const accessLevel = z.enum(accessLevels);
export const groupType = z.enum(groupTypes);

export const groupName = z.string().trim().min(1, 'A name is required').max(100, 'A name is at most 100 characters');

/**
 * Spec section 3, Group, with the caller's flags, plus the charity fields (spec section 4, charity
 * status). Children are nested and sorted by id; parent is one level (a chain with recurseParents).
 */
export const group = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  type: groupType,
  subtype: z.string().nullable(),
  address1: z.string().nullable().optional(),
  address2: z.string().nullable().optional(),
  address3: z.string().nullable().optional(),
  address4: z.string().nullable().optional(),
  town: z.string().nullable().optional(),
  county: z.string().nullable().optional(),
  postcode: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
  territory,
  pendingOwnership: z.boolean(),
  isMember: z.boolean(),
  isOwner: z.boolean(),
  isManager: z.boolean(),
  charityPSLNumber: z.string().nullable().optional(),
  isInVerifyProcess: z.boolean().optional(),
  isRoyalMailDiscount: z.boolean().optional(),
  isOSDiscount: z.boolean().optional(),
  /** null until staff confirm the charity number valid or invalid. */
  charityValid: z.boolean().nullable().optional(),
  creationUserId: z.number().int().nullable(),
  updateUserId: z.number().int().nullable(),
  activityTimestamp: z.number().int().nullable(),
  createTimestamp: z.number().int(),
  updateTimestamp: z.number().int(),
  get children(): z.ZodOptional<z.ZodArray<typeof group>> {
    return z.array(group).optional();
  },
  get parent(): z.ZodOptional<z.ZodNullable<typeof group>> {
    return group.nullable().optional();
  },
});
export type GroupResponse = z.infer<typeof group>;
// The response is the entity of contract/entities.ts with the charity fields added.
export const groupIsEntity = (value: GroupResponse): Group => value;

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
export const noIdProvided = 'No user or group id provided';

/** PUT /groups ?groupId. */
export const groupIdQuery = z.object({ groupId: id });
export const updateGroupBody = z
  .object({
    name: groupName.optional(),
    address1: text(200),
    address2: text(200),
    address3: text(200),
    address4: text(200),
    town: text(100),
    county: text(100),
    postcode: text(20),
    country: text(100),
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

/** POST /groupinvite ?jwt. */
export const acceptInviteQuery = z.object({ jwt: z.string().trim().min(1).max(4096) });

/** GET /groupusers ?groupId, accessLevel, excludeParents. */
export const groupUsersQuery = z.object({ groupId: id, accessLevel: accessLevel.optional(), excludeParents: flag });
export const groupUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  personalName: z.string().nullable(),
  accessLevel,
  /** The level comes from a group above this one (absent with excludeParents). */
  inherited: z.boolean().optional(),
});
export const groupUserList = z.array(groupUser);
export type GroupUser = z.infer<typeof groupUser>;

/** DELETE /groupusers, GET and DELETE /groupuseraccess ?groupId, userId. */
export const groupUserQuery = z.object({ groupId: id, userId: id });
/** PUT /groupuseraccess ?groupId, userId, accessLevel. */
export const groupUserAccessQuery = groupUserQuery.extend({ accessLevel });
export const groupUserAccess = z.object({
  groupId: z.number().int(),
  userId: z.number().int(),
  /** The user's effective level, null when they have none. */
  accessLevel: accessLevel.nullable(),
  inherited: z.boolean(),
});
export const managerOnlyForPartners = 'The manager access level is only for partners';

/** Spec section 5, corporate errors. */
export const corporateErrors = {
  type: 'Invalid group type. Only organisations can have their corporate status changed',
  enable: 'Invalid group subtype. Only non corporate organisations can have their corporate status enabled',
  disable: 'Invalid group subtype. Only corporate organisations can have their corporate status disabled',
} as const;

/** PUT /group/updatecharity ?groupId. */
export const charityBody = z.object({
  charityPSLNumber: z.string().trim().min(1, 'A charity number is required').max(50),
  isInVerifyProcess: z.boolean().default(true),
  isRoyalMailDiscount: z.boolean().default(false),
  isOSDiscount: z.boolean().default(false),
});
/** PUT /group/confirmcharity ?groupId (staff). */
export const confirmCharityBody = charityBody.extend({ isValid: z.boolean() });
export const charityNotInVerification = 'The charity is not in verification';

/** PUT /migrate/orgToPartner ?groupId. An empty partnerType makes a plain partner. */
export const orgToPartnerBody = z.object({ partnerType: z.string().trim().toLowerCase().max(50) });

/** GET /users (staff). */
export const userList = z.array(user);
/** PUT /userlock ?id. */
export const userLockBody = z.object({ lock: z.boolean() });

/** GET /services. */
export const service = z.object({ id: z.number().int(), name: z.string(), description: z.string() });
export const serviceList = z.array(service);

/** GET /userservices ?groupId, userId; PUT and DELETE add serviceId and an optional tokenId. */
export const userServicesQuery = groupUserQuery;
export const userServiceQuery = groupUserQuery.extend({ serviceId: id, tokenId: id.optional() });
export const userService = z.object({
  serviceId: z.number().int(),
  name: z.string(),
  /** null: every token of the group. */
  tokenId: z.number().int().nullable(),
});
export const userServiceList = z.array(userService);

/** GET /permissions: spec section 3, Permission. */
export const permission = z.object({
  id: z.number().int(),
  refId: z.string(),
  name: z.string(),
  description: z.string(),
  parentId: z.number().int().nullable(),
  admin: z.boolean(),
  isNotification: z.boolean(),
  isService: z.boolean(),
});
export const permissionList = z.array(permission);

/** GET /userpermissions ?userId: spec section 3, User permission, as a tree of notification settings. */
export const userPermission = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  def: z.boolean(),
  get children(): z.ZodArray<typeof userPermission> {
    return z.array(userPermission);
  },
});
export type UserPermission = z.infer<typeof userPermission>;
export const userPermissionList = z.array(userPermission);
export const userPermissionsQuery = z.object({ userId: id.optional() });
/** PUT /userpermissions. userId defaults to the caller. */
export const userPermissionBody = z.object({
  userId: z.number().int().positive().optional(),
  permissionId: z.number().int().positive(),
  enabled: z.boolean(),
});

/** GET /account/candelete ?accountId (plans manager): true when nothing hangs below the account. */
export const accountIdQuery = z.object({ accountId: id });
export const canDelete = z.boolean();

export type CreateGroupBody = z.infer<typeof createGroupBody>;
export type UpdateGroupBody = z.infer<typeof updateGroupBody>;
export type InviteBody = z.infer<typeof inviteBody>;
export type CharityBody = z.infer<typeof charityBody>;
export type ConfirmCharityBody = z.infer<typeof confirmCharityBody>;
