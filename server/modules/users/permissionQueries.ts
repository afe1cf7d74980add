import { sql } from 'kysely';
import type { z } from 'zod';
import type { permission, service, userService } from '../../../contract/groups/entities';
import type { Db } from '../../db';

// The SQL of permissions (the users' privacy settings) and services (what a user may call for a group).

type Permission = z.infer<typeof permission>;
type Service = z.infer<typeof service>;
type UserService = z.infer<typeof userService>;

/** Every permission with its flags, in display order. */
export function permissionRows(db: Db): Promise<Permission[]> {
  return db
    .selectFrom('permissions')
    .select(['id', 'ref_id as refId', 'name', 'description', 'parent_id as parentId', 'admin', 'is_notification as isNotification', 'is_service as isService'])
    .orderBy('display_order')
    .orderBy('id')
    .execute();
}

/** The notification permissions in display order, each with whether the user has it on (its default when unset). */
export function notificationRowsOf(db: Db, userId: number) {
  return db
    .selectFrom('permissions as p')
    .leftJoin('user_permissions as up', (join) => join.onRef('up.permission_id', '=', 'p.id').on('up.user_id', '=', userId))
    .where('p.is_notification', '=', true)
    .select((eb) => [
      'p.id',
      'p.name',
      'p.description',
      'p.parent_id as parentId',
      'p.def',
      eb.fn.coalesce('up.enabled', 'p.def').as('enabled'),
    ])
    .orderBy('p.display_order')
    .orderBy('p.id')
    .execute();
}

/** Whether the permission is a notification one; undefined when there is no such permission. */
export function permissionKind(db: Db, permissionId: number): Promise<{ is_notification: boolean } | undefined> {
  return db.selectFrom('permissions').select('is_notification').where('id', '=', permissionId).executeTakeFirst();
}

/** Turns the permission on or off for the user (inserted, or updated when the user has it set). */
export async function upsertUserPermission(db: Db, userId: number, permissionId: number, enabled: boolean, nowSeconds: number): Promise<void> {
  await db
    .insertInto('user_permissions')
    .values({ user_id: userId, permission_id: permissionId, enabled, update_timestamp: nowSeconds })
    .onConflict((oc) =>
      oc.columns(['user_id', 'permission_id']).doUpdateSet((eb) => ({
        enabled: eb.ref('excluded.enabled'),
        update_timestamp: eb.ref('excluded.update_timestamp'),
      })),
    )
    .execute();
}

/** Every service, in display order. */
export function serviceRows(db: Db): Promise<Service[]> {
  return db.selectFrom('services').select(['id', 'name', 'description']).orderBy('display_order').orderBy('id').execute();
}

/** Does the service exist? */
export async function serviceExists(db: Db, serviceId: number): Promise<boolean> {
  return (await db.selectFrom('services').select('id').where('id', '=', serviceId).executeTakeFirst()) !== undefined;
}

/** The services the user may call for the group, each for every token (null) or one, in display order. */
export function userServiceRows(db: Db, groupId: number, userId: number): Promise<UserService[]> {
  return db
    .selectFrom('user_services as us')
    .innerJoin('services as s', 's.id', 'us.service_id')
    .select(['us.service_id as serviceId', 's.name', 'us.token_id as tokenId'])
    .where('us.group_id', '=', groupId)
    .where('us.user_id', '=', userId)
    .orderBy('s.display_order')
    .orderBy('us.service_id')
    .orderBy('us.token_id', (ob) => ob.asc().nullsFirst())
    .execute();
}

type ServiceGrant = { groupId: number; userId: number; serviceId: number; tokenId: number | null };

/** Lets the user call the service for the group (every token when tokenId is null); an existing grant stays as it is. */
export async function insertUserService(db: Db, grant: ServiceGrant, nowSeconds: number): Promise<void> {
  await db
    .insertInto('user_services')
    .values({
      group_id: grant.groupId,
      user_id: grant.userId,
      service_id: grant.serviceId,
      token_id: grant.tokenId,
      create_timestamp: nowSeconds,
    })
    // The unique index is on an expression (coalesce(token_id, 0)), which the builder cannot name.
    .onConflict((oc) => oc.expression(sql`group_id, user_id, service_id, (coalesce(token_id, 0))`).doNothing())
    .execute();
}

/** Takes the grant away (every-token grant when tokenId is null); none is no error. */
export async function deleteUserService(db: Db, grant: ServiceGrant): Promise<void> {
  await db
    .deleteFrom('user_services')
    .where('group_id', '=', grant.groupId)
    .where('user_id', '=', grant.userId)
    .where('service_id', '=', grant.serviceId)
    .where((eb) => eb(eb.fn.coalesce('token_id', sql.lit(0)), '=', grant.tokenId ?? 0))
    .execute();
}
