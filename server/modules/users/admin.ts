import type { z } from 'zod';
import type { permission, service, UserPermission, userService } from '../../../contract/groups/entities';
import { ownsWith } from '../../../contract/shared/access';
import type { User } from '../../../contract/users/entities';
import { badRequest, notFound, tokenNotFound } from '../../errors';
import { secondsOf } from '../../platform/clock';
import type { Deps } from '../../kernel/deps';
import { assertMayLock, assertOnUser, assertStaff, authoriseGroup, isRowId, levels, type Caller } from '../access/index';
import { accountHasToken, groupIdsOf, listUserRecords, revokeSessions, toUser, updateUserRow, type UserRecord } from './queries';
import {
  deleteUserService,
  insertUserService,
  notificationRowsOf,
  permissionKind,
  permissionRows,
  serviceExists,
  serviceRows,
  upsertUserPermission,
  userServiceRows,
} from './permissionQueries';
import { requireUser } from './service';

// User admin of spec section 7 (the users list and locks) and the services and privacy permissions
// of a user on a group. Every function is (deps, caller, input) and authorises inside.

export const maxUserList = 1000;

type Permission = z.infer<typeof permission>;
type Service = z.infer<typeof service>;
type UserService = z.infer<typeof userService>;

// ---- User admin --------------------------------------------------------------------------------

/** GET /users (staff): users by id, at most maxUserList. */
export async function listUsers(deps: Pick<Deps, 'db'>, caller: Caller): Promise<User[]> {
  assertStaff(caller);
  return (await listUserRecords(deps.db, maxUserList)).map(toUser);
}

/** Locking a user holds in every tenant: the rule is lockUserRefusal; this loads whether the caller owns one of the user's groups. */
async function assertCanLockUser(deps: Pick<Deps, 'db'>, caller: Caller, target: UserRecord): Promise<void> {
  const found = await levels(deps.db, caller.id, await groupIdsOf(deps.db, target.id));
  assertMayLock(caller, target, [...found.values()].some((entry) => ownsWith(entry.level)));
}

/** PUT /userlock: a locked user's token stops working at their next call, and they cannot log in. */
export async function setUserLock(
  deps: Pick<Deps, 'db' | 'clock'>,
  caller: Caller,
  input: { query: { id: number }; body: { lock: boolean } },
): Promise<User> {
  const target = await requireUser(deps, input.query.id);
  if (target.id === caller.id && input.body.lock) throw badRequest('You cannot lock yourself');
  await assertCanLockUser(deps, caller, target);
  const now = secondsOf(deps.clock);
  const row = await deps.db.transaction().execute(async (trx) => {
    // The row first: a login writing a session holds the row (insertCheckedSession), so the lock
    // waits for it, and ending the sessions after that ends that one too.
    const updated = await updateUserRow(trx, target.id, { locked: input.body.lock, update_timestamp: now });
    // A lock ends every session and token, so an unlock does not revive them.
    if (input.body.lock) await revokeSessions(trx, target.id, now, { includeApi: true });
    return updated;
  });
  return toUser(row!);
}

// ---- Permissions and services ------------------------------------------------------------------

/** GET /permissions: every permission with its flags, in display order. */
export function listPermissions(deps: Pick<Deps, 'db'>): Promise<Permission[]> {
  return permissionRows(deps.db);
}

/**
 * The user's privacy settings, the notification permissions as a tree (a top level one without
 * children belongs under the 'General' heading); unset ones take their default.
 */
async function permissionsOf(deps: Pick<Deps, 'db'>, userId: number): Promise<UserPermission[]> {
  const rows = await notificationRowsOf(deps.db, userId);
  const nodes = new Map(rows.map(({ parentId: _p, ...row }) => [row.id, { ...row, children: [] as UserPermission[] }]));
  const top: UserPermission[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    (parent ? parent.children : top).push(node);
  }
  return top;
}

/** GET /userpermissions: the caller's own (or, for staff, anyone's). */
export function userPermissions(deps: Pick<Deps, 'db'>, caller: Caller, input: { userId?: number }): Promise<UserPermission[]> {
  const userId = input.userId ?? caller.id;
  assertOnUser(caller, userId, 'read');
  return permissionsOf(deps, userId);
}

/** PUT /userpermissions: turns one notification on or off for the user (themselves, or anyone by admin and super). */
export async function setUserPermission(
  deps: Pick<Deps, 'db' | 'clock'>,
  caller: Caller,
  input: { userId?: number; permissionId: number; enabled: boolean },
): Promise<UserPermission[]> {
  const userId = input.userId ?? caller.id;
  assertOnUser(caller, userId, 'change');
  const permission = await permissionKind(deps.db, input.permissionId);
  if (!permission) throw notFound('Permission not found');
  if (!permission.is_notification) throw badRequest('Only notification permissions can be changed here');
  const now = secondsOf(deps.clock);
  await upsertUserPermission(deps.db, userId, input.permissionId, input.enabled, now);
  return permissionsOf(deps, userId);
}

/** GET /services. */
export function listServices(deps: Pick<Deps, 'db'>): Promise<Service[]> {
  return serviceRows(deps.db);
}

function servicesOf(deps: Pick<Deps, 'db'>, groupId: number, userId: number): Promise<UserService[]> {
  return userServiceRows(deps.db, groupId, userId);
}

type GroupUserKey = { groupId: number; userId: number };
type ServiceKey = GroupUserKey & { serviceId: number; tokenId?: number };

/** GET /userservices: the services the user may call for the group (read access to the group). */
export async function userServices(deps: Pick<Deps, 'db'>, caller: Caller, input: GroupUserKey): Promise<UserService[]> {
  await authoriseGroup(deps.db, caller, input.groupId, 'read');
  return servicesOf(deps, input.groupId, input.userId);
}

/**
 * PUT /userservices (owners, staff): lets a user of the group call the service, for every token or
 * one. The one token must be an undeleted token of that group (an account): another account's token,
 * a deleted or an unknown one answers 404 'Token not found', as the token calls do.
 */
export async function grantUserService(deps: Pick<Deps, 'db' | 'clock'>, caller: Caller, key: ServiceKey): Promise<UserService[]> {
  await deps.db.transaction().execute(async (trx) => {
    await authoriseGroup(trx, caller, key.groupId, 'manage', 'share');
    if (!(await levels(trx, key.userId, [key.groupId])).get(key.groupId)!.level) {
      throw badRequest('This user has no access to this group');
    }
    if (!(await serviceExists(trx, key.serviceId))) {
      throw notFound('Service not found');
    }
    if (key.tokenId !== undefined) {
      if (!isRowId(key.tokenId) || !(await accountHasToken(trx, key.groupId, key.tokenId))) throw tokenNotFound();
    }
    await insertUserService(trx, { ...key, tokenId: key.tokenId ?? null }, secondsOf(deps.clock));
  });
  return servicesOf(deps, key.groupId, key.userId);
}

/** DELETE /userservices (owners, staff): takes the permission away; nothing to take is no error. */
export async function revokeUserService(deps: Pick<Deps, 'db'>, caller: Caller, key: ServiceKey): Promise<UserService[]> {
  await authoriseGroup(deps.db, caller, key.groupId, 'manage');
  await deleteUserService(deps.db, { ...key, tokenId: key.tokenId ?? null });
  return servicesOf(deps, key.groupId, key.userId);
}

