import { staffRoles, type Role } from '../../contract/shared/roles';
import type { User } from '../../contract/users/entities';
import type { Territory } from '../../contract/shared/territory';
import type { SignupBody, UpdateUserBody } from '../../contract/users/schemas';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db';
import { AppError, conflict, notFound } from '../errors';
import { issueCode } from './codes';
import { secondsOf, type DomainDeps } from './deps';
import { validationMail } from './emails';

export const validationCodeSeconds = 24 * 3600;

/** A users row as the server sees it; `toUser` turns it into the contract shape without the hash. */
export type UserRecord = {
  id: number;
  userName: string;
  email: string;
  passwordHash: string;
  personalName: string | null;
  companyName: string | null;
  address1: string | null;
  address2: string | null;
  address3: string | null;
  address4: string | null;
  town: string | null;
  county: string | null;
  postcode: string | null;
  country: string | null;
  territory: Territory;
  roles: Role[];
  validated: boolean;
  locked: boolean;
  isGroup: boolean;
  type: string | null;
  subType: string | null;
  createTimestamp: number;
  updateTimestamp: number;
  activityTimestamp: number | null;
};

const columns = `id, user_name as "userName", email, password_hash as "passwordHash",
  personal_name as "personalName", company_name as "companyName", address1, address2, address3, address4,
  town, county, postcode, country, territory, roles, validated, locked, is_group as "isGroup", type,
  sub_type as "subType", create_timestamp as "createTimestamp", update_timestamp as "updateTimestamp",
  activity_timestamp as "activityTimestamp"`;

export function toUser(record: UserRecord): User {
  const { passwordHash: _hash, userName, ...rest } = record;
  return { ...rest, name: userName };
}

export const isStaff = (roles: readonly Role[]) => roles.some((r) => staffRoles.includes(r));

/** Ids are int4 columns; a larger number is simply no row, not a database error. */
export const isRowId = (id: number) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647;

export async function findUserById(db: Db, id: number): Promise<UserRecord | undefined> {
  if (!isRowId(id)) return undefined;
  const { rows } = await db.query<UserRecord>(`select ${columns} from users where id = $1`, [id]);
  return rows[0];
}

export async function findUserByName(db: Db, userName: string): Promise<UserRecord | undefined> {
  const { rows } = await db.query<UserRecord>(`select ${columns} from users where user_name = $1`, [
    userName.trim().toLowerCase(),
  ]);
  return rows[0];
}

export async function requireUser(db: Db, id: number): Promise<UserRecord> {
  const user = await findUserById(db, id);
  if (!user) throw notFound('User not found');
  return user;
}

const uniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/**
 * Creates an unvalidated account user and emails a validation code. The user and the code are
 * written together; the mail goes after the commit, and if it fails the user stays (they can ask
 * for the code again) rather than the signup failing half way.
 */
export async function signUp(deps: DomainDeps, body: SignupBody, baseUrl: string): Promise<User> {
  const { db } = deps;
  const now = secondsOf(deps.clock);
  if (await findUserByName(db, body.email)) throw conflict('A user with this email already exists');
  const passwordHash = await hashPassword(body.password);
  let created: { user: UserRecord; code: string };
  try {
    created = await db.transaction(async (tx) => {
      const { rows } = await tx.query<UserRecord>(
        `insert into users (user_name, email, password_hash, personal_name, company_name, country, territory,
                            roles, validated, create_timestamp, update_timestamp)
         values ($1, $1, $2, $3, $4, $5, $6, $7, false, $8, $8)
         returning ${columns}`,
        [body.email, passwordHash, body.personalName, body.companyName || null, body.country || null,
          body.territory, ['account'], now],
      );
      const user = rows[0];
      return { user, code: await issueCode(tx, user.id, 'validate', validationCodeSeconds, now) };
    });
  } catch (error) {
    // Two signups with one email at once: the unique index lets only one through.
    if (uniqueViolation(error)) throw conflict('A user with this email already exists');
    throw error;
  }
  try {
    await deps.mailer.send(validationMail(created.user.email, created.code, baseUrl));
  } catch (error) {
    deps.log.error({ err: error, userId: created.user.id }, 'Could not send the validation email');
  }
  return toUser(created.user);
}

const updatable: Record<keyof UpdateUserBody, string> = {
  personalName: 'personal_name',
  companyName: 'company_name',
  address1: 'address1',
  address2: 'address2',
  address3: 'address3',
  address4: 'address4',
  town: 'town',
  county: 'county',
  postcode: 'postcode',
  country: 'country',
};

export async function updateUser(deps: DomainDeps, id: number, changes: UpdateUserBody): Promise<User> {
  const entries = Object.entries(changes).filter(([, value]) => value !== undefined) as [keyof UpdateUserBody, unknown][];
  const sets = entries.map(([key], i) => `${updatable[key]} = $${i + 3}`);
  const { rows } = await deps.db.query<UserRecord>(
    `update users set ${['update_timestamp = $2', ...sets].join(', ')} where id = $1 returning ${columns}`,
    [id, secondsOf(deps.clock), ...entries.map(([, value]) => (value === '' ? null : value))],
  );
  if (!rows[0]) throw notFound('User not found');
  return toUser(rows[0]);
}

/** Removes the user and their group memberships together; their tokens stop working at once. */
export async function deleteUser(deps: DomainDeps, id: number): Promise<void> {
  const deleted = await deps.db.transaction(async (tx) => {
    await tx.query('delete from group_users where user_id = $1', [id]);
    const { rows } = await tx.query('delete from users where id = $1 returning id', [id]);
    return rows.length > 0;
  });
  if (!deleted) throw notFound('User not found');
}

export async function setPassword(deps: DomainDeps, id: number, password: string): Promise<void> {
  const hash = await hashPassword(password);
  const { rows } = await deps.db.query(
    'update users set password_hash = $2, update_timestamp = $3 where id = $1 returning id',
    [id, hash, secondsOf(deps.clock)],
  );
  if (rows.length === 0) throw new AppError(404, 'User not found');
}
