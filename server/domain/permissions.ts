import type { UserPermission } from '../../contract/groups/entities';
import type { Db } from '../db';
import { badRequest, notFound } from '../errors';
import { authoriseGroup, groupLevels, type Actor } from './access';
import { secondsOf, type DomainDeps } from './deps';

export type Permission = {
  id: number;
  refId: string;
  name: string;
  description: string;
  parentId: number | null;
  admin: boolean;
  isNotification: boolean;
  isService: boolean;
};

/** GET /permissions: every permission with its flags, in display order. */
export async function listPermissions(db: Db): Promise<Permission[]> {
  const { rows } = await db.query<Permission>(
    `select id, ref_id as "refId", name, description, parent_id as "parentId", admin,
            is_notification as "isNotification", is_service as "isService"
       from permissions order by display_order, id`,
  );
  return rows;
}

/**
 * GET /userpermissions: the user's privacy settings, the notification permissions as a tree (a top
 * level one without children belongs under the 'General' heading); unset ones take their default.
 */
export async function userPermissions(db: Db, userId: number): Promise<UserPermission[]> {
  const { rows } = await db.query<Omit<UserPermission, 'children'> & { parentId: number | null }>(
    `select p.id, p.name, p.description, p.parent_id as "parentId", p.def, coalesce(up.enabled, p.def) as enabled
       from permissions p left join user_permissions up on up.permission_id = p.id and up.user_id = $1
      where p.is_notification
      order by p.display_order, p.id`,
    [userId],
  );
  const nodes = new Map(rows.map(({ parentId: _p, ...row }) => [row.id, { ...row, children: [] as UserPermission[] }]));
  const top: UserPermission[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    (parent ? parent.children : top).push(node);
  }
  return top;
}

/** PUT /userpermissions: turns one notification on or off for the user. */
export async function setUserPermission(
  deps: Pick<DomainDeps, 'db' | 'clock'>,
  userId: number,
  permissionId: number,
  enabled: boolean,
): Promise<UserPermission[]> {
  const { rows } = await deps.db.query<{ isNotification: boolean }>(
    'select is_notification as "isNotification" from permissions where id = $1',
    [permissionId],
  );
  if (!rows[0]) throw notFound('Permission not found');
  if (!rows[0].isNotification) throw badRequest('Only notification permissions can be changed here');
  await deps.db.query(
    `insert into user_permissions (user_id, permission_id, enabled, update_timestamp) values ($1, $2, $3, $4)
     on conflict (user_id, permission_id) do update set enabled = excluded.enabled, update_timestamp = excluded.update_timestamp`,
    [userId, permissionId, enabled, secondsOf(deps.clock)],
  );
  return userPermissions(deps.db, userId);
}

export type Service = { id: number; name: string; description: string };
export type UserService = { serviceId: number; name: string; tokenId: number | null };

/** GET /services. */
export async function listServices(db: Db): Promise<Service[]> {
  const { rows } = await db.query<Service>('select id, name, description from services order by display_order, id');
  return rows;
}

async function servicesOf(db: Db, groupId: number, userId: number): Promise<UserService[]> {
  const { rows } = await db.query<UserService>(
    `select us.service_id as "serviceId", s.name, us.token_id as "tokenId"
       from user_services us join services s on s.id = us.service_id
      where us.group_id = $1 and us.user_id = $2
      order by s.display_order, us.service_id, us.token_id nulls first`,
    [groupId, userId],
  );
  return rows;
}

/** GET /userservices: the services the user may call for the group (read access to the group). */
export async function userServices(db: Db, actor: Actor, groupId: number, userId: number): Promise<UserService[]> {
  await authoriseGroup(db, actor, groupId, 'read');
  return servicesOf(db, groupId, userId);
}

type ServiceKey = { groupId: number; userId: number; serviceId: number; tokenId?: number };

/** PUT /userservices (owners, staff): lets a user of the group call the service, for every token or one. */
export async function grantUserService(deps: Pick<DomainDeps, 'db' | 'clock'>, actor: Actor, key: ServiceKey): Promise<UserService[]> {
  await deps.db.transaction(async (tx) => {
    await authoriseGroup(tx, actor, key.groupId, 'manage', 'for share');
    if (!(await groupLevels(tx, key.userId, [key.groupId])).get(key.groupId)!.level) {
      throw badRequest('This user has no access to this group');
    }
    if ((await tx.query('select 1 from services where id = $1', [key.serviceId])).rows.length === 0) {
      throw notFound('Service not found');
    }
    await tx.query(
      `insert into user_services (group_id, user_id, service_id, token_id, create_timestamp) values ($1, $2, $3, $4, $5)
       on conflict (group_id, user_id, service_id, (coalesce(token_id, 0))) do nothing`,
      [key.groupId, key.userId, key.serviceId, key.tokenId ?? null, secondsOf(deps.clock)],
    );
  });
  return servicesOf(deps.db, key.groupId, key.userId);
}

/** DELETE /userservices (owners, staff): takes the permission away; nothing to take is no error. */
export async function revokeUserService(db: Db, actor: Actor, key: ServiceKey): Promise<UserService[]> {
  await authoriseGroup(db, actor, key.groupId, 'manage');
  await db.query(
    `delete from user_services
      where group_id = $1 and user_id = $2 and service_id = $3 and coalesce(token_id, 0) = coalesce($4::int, 0)`,
    [key.groupId, key.userId, key.serviceId, key.tokenId ?? null],
  );
  return servicesOf(db, key.groupId, key.userId);
}
