import { z } from 'zod';
import { accessLevels, groupTypes } from '../shared/access';
import { addressShape, territory } from '../users/entities';

export const accessLevel = z.enum(accessLevels);
export const groupType = z.enum(groupTypes);

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
  address1: addressShape.address1,
  address2: addressShape.address2,
  address3: addressShape.address3,
  address4: addressShape.address4,
  town: addressShape.town,
  county: addressShape.county,
  postcode: addressShape.postcode,
  country: addressShape.country,
  territory,
  pendingOwnership: z.boolean(),
  isMember: z.boolean(),
  isOwner: z.boolean(),
  isManager: z.boolean(),
  /** The caller may pay for this account: an owner, or one of its authorised payment users (false on other groups but for owners). */
  isPayer: z.boolean().optional(),
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
export type Group = z.infer<typeof group>;

/** A user of a group with their access level (GET /groupusers). */
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

/** GET /groupuseraccess: the user's effective level on the group. */
export const groupUserAccess = z.object({
  groupId: z.number().int(),
  userId: z.number().int(),
  /** The user's effective level, null when they have none. */
  accessLevel: accessLevel.nullable(),
  inherited: z.boolean(),
});

/** GET /services. */
export const service = z.object({ id: z.number().int(), name: z.string(), description: z.string() });
export const serviceList = z.array(service);

/** A service a user may use on a group (GET /userservices). */
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
