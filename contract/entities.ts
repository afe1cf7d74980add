import { z } from 'zod';
import { territories } from './territory';

import { roles } from './constants';

export { roles, staffRoles, isStaff, signedOutUser, type Role } from './constants';
export const role = z.enum(roles);

export const territory = z.enum(territories);

/** Spec section 3, Auth user: kept in browser storage. recycleDate is in seconds since the epoch. */
export const authUser = z.object({
  jwt: z.string(),
  id: z.number().int(),
  userName: z.string(),
  recycleDate: z.number().int(),
  roles: z.array(role),
  territory,
  validated: z.boolean(),
  accountId: z.number().int().optional(),
});
export type AuthUser = z.infer<typeof authUser>;


const addressFields = {
  address1: z.string().max(200).nullable().optional(),
  address2: z.string().max(200).nullable().optional(),
  address3: z.string().max(200).nullable().optional(),
  address4: z.string().max(200).nullable().optional(),
  town: z.string().max(100).nullable().optional(),
  county: z.string().max(100).nullable().optional(),
  postcode: z.string().max(20).nullable().optional(),
  country: z.string().max(100).nullable().optional(),
};
export const address = z.object(addressFields);

/** Spec section 3, User. Timestamps are seconds since the epoch. */
export const user = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  personalName: z.string().nullable(),
  companyName: z.string().nullable(),
  ...addressFields,
  territory,
  isGroup: z.boolean(),
  type: z.string().nullable(),
  subType: z.string().nullable(),
  locked: z.boolean(),
  validated: z.boolean(),
  roles: z.array(role),
  createTimestamp: z.number().int(),
  updateTimestamp: z.number().int(),
  activityTimestamp: z.number().int().nullable(),
  msg: z.string().optional(),
});
export type User = z.infer<typeof user>;

export const groupTypes = ['partner', 'organisation', 'account'] as const;
export type GroupType = (typeof groupTypes)[number];
export const accessLevels = ['owner', 'sudoowner', 'member', 'manager'] as const;
export type AccessLevel = (typeof accessLevels)[number];

/** Spec section 3, Group (tree of partner, organisation, account); children nested and sorted by id. */
export type Group = {
  id: number;
  parentId: number | null;
  name: string;
  type: GroupType;
  subtype: string | null;
  address1?: string | null;
  address2?: string | null;
  address3?: string | null;
  address4?: string | null;
  town?: string | null;
  county?: string | null;
  postcode?: string | null;
  country?: string | null;
  territory: z.infer<typeof territory>;
  pendingOwnership: boolean;
  isMember: boolean;
  isOwner: boolean;
  isManager: boolean;
  creationUserId: number | null;
  updateUserId: number | null;
  activityTimestamp: number | null;
  createTimestamp: number;
  updateTimestamp: number;
  children?: Group[];
  parent?: Group | null;
};
