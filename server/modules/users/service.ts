/**
 * Users administration (issue #14 item 2): register a user for a member of staff, activate / deactivate, change the
 * role, set a temporary password, make a one-time reset link and use it. Every change is recorded in admin_change
 * (never the password hash) in the transaction of the change. Deactivating, changing the role and resetting the
 * password move the user's tokensValidAfter, so every token issued before stops working; the routes also drop the
 * cached session state (app.forgetUserSession) once the change is committed.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { TokenClaims } from '../../../contract/auth';
import { ERROR_CODES } from '../../../contract/envelope';
import { grantRefusal, manageRefusal, roleById } from '../../../contract/roles';
import {
  RESET_LINK_SCREEN,
  RESET_LINK_TTL_HOURS,
  USERS_MESSAGES as M,
  type ResetLink,
  type ResetLinkInfo,
  type UserRow,
} from '../../../contract/users';
import type { Db } from '../../db/client';
import { appUser, passwordResetLink, role, staff } from '../../db/schema';
import { recordChange } from '../../lib/change-log';
import { sha256Hex } from '../../lib/hash';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/http-error';
import { LdapUnavailableError, type LdapDirectory } from '../../lib/ldap';
import { hashPassword } from '../../lib/password';
import { userById, usernameTaken } from './queries';
import { now as clockNow } from '../../lib/clock';

/** The password hash of an LDAP user: not a PHC string, so no password ever matches it here. */
export const LDAP_NO_PASSWORD = '!ldap';

type Actor = Pick<TokenClaims, 'sub' | 'sid' | 'rn'>;

/**
 * The one rule of contract/roles.ts (docs/roles.md "Who may give which role"): the caller gives only a role it may
 * give (grantRefusal), and manages (changes the role of, resets the password of, activates or deactivates) only a
 * user whose role it could have given (manageRefusal). An Administrator or PRIMEADMIN could otherwise make another
 * administrator or an OPSMGMT (every region), or take over such an account with a reset password (issue #27).
 */
function assertMayGrant(actor: Actor, roleName: string) {
  const why = grantRefusal(actor.rn, roleName);
  if (why) throw forbidden(why);
}
function assertMayManage(actor: Actor, heldRoleName: string) {
  const why = manageRefusal(actor.rn, heldRoleName);
  if (why) throw forbidden(why);
}

/** What the change history keeps of a user (never the password hash). */
const valuesOf = (u: UserRow) => ({
  username: u.username,
  pkStaffId: u.pkStaffId,
  roleId: u.roleId,
  roleName: u.roleName,
  authType: u.authType,
  isActive: u.isActive,
  resetPasswordCount: u.resetPasswordCount,
});

const conflictOn = (message: string, field: string) => new HttpError(409, ERROR_CODES.CONFLICT, message, { field });
const ldapUnavailable = () => new HttpError(503, ERROR_CODES.INTERNAL, M.ldapUnavailable);
/**
 * every token issued up to now stops working (the + 1 ms: a token signed in this very millisecond too); the real clock,
 * not lib/clock.ts: tokens_valid_after meets the token's t, stamped with the real time
 */
const revokeNow = () => new Date(Date.now() + 1);

/** The role of an id, as the database has it (the seed writes contract/roles.ts ROLES); null when it is not one. */
async function roleOf(db: Db, roleId: number): Promise<{ id: number; name: string } | null> {
  const [r] = await db.select({ id: role.id, name: role.name }).from(role).where(eq(role.id, roleId)).limit(1);
  return r && roleById(r.id) ? r : null;
}

async function mustFindUser(db: Db, id: number): Promise<UserRow> {
  const u = await userById(db, id);
  if (!u) throw notFound(M.userNotFound);
  return u;
}

// ------------------------------------------------------------------------------------------------ registration

export interface Registration {
  pkStaffId: number;
  username: string;
  roleId: number;
  authType: 'LOCAL' | 'LDAP';
  password?: string;
}

export async function registerUser(
  db: Db,
  ldap: LdapDirectory | null,
  actor: Actor,
  body: Registration,
  opts: { hashCost?: 'normal' | 'fast' } = {},
): Promise<UserRow> {
  const username = body.username.trim().toLowerCase();
  const given = await roleOf(db, body.roleId);
  if (!given) throw badRequest(M.roleNotFound, 'roleId');
  assertMayGrant(actor, given.name);
  const [person] = await db
    .select({ id: staff.id, isActive: staff.isActive, userId: appUser.id })
    .from(staff)
    .leftJoin(appUser, eq(appUser.staffId, staff.id))
    .where(eq(staff.id, body.pkStaffId))
    .limit(1);
  if (!person) throw badRequest(M.staffNotFound, 'pkStaffId');
  if (person.userId !== null) throw conflictOn(M.staffHasUser, 'pkStaffId');
  if (!person.isActive) throw badRequest(M.staffInactive, 'pkStaffId');
  if (await usernameTaken(db, username)) throw conflictOn(M.usernameTaken, 'username');

  let passwordHash: string;
  if (body.authType === 'LDAP') {
    if (!ldap) throw badRequest(M.ldapNotConfigured, 'authType');
    let found: boolean;
    try {
      found = await ldap.exists(username);
    } catch (err) {
      if (err instanceof LdapUnavailableError) throw ldapUnavailable();
      throw err;
    }
    if (!found) throw badRequest(M.ldapUnknownAccount, 'username');
    passwordHash = LDAP_NO_PASSWORD;
  } else {
    if (!body.password) throw badRequest('Kata laluan awal diperlukan', 'password');
    passwordHash = await hashPassword(body.password, opts.hashCost);
  }

  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(appUser)
      .values({
        username,
        passwordHash,
        staffId: body.pkStaffId,
        roleId: body.roleId,
        authType: body.authType,
        // LOCAL: the first password is the administrator's; the user chooses their own at the first sign-in
        resetPasswordCount: body.authType === 'LOCAL' ? 0 : 1,
        isActive: true,
      })
      .returning({ id: appUser.id });
    const created = await userById(tx as unknown as Db, row.id);
    if (!created) throw notFound(M.userNotFound);
    await recordChange(tx, actor, 'user', row.id, 'create', null, valuesOf(created));
    return created;
  });
}

// ------------------------------------------------------------------------------------------------ activate / deactivate

/** Answers the ids whose status changed (their sessions must be forgotten when deactivated). */
export async function setUsersActive(db: Db, actor: Actor, ids: number[], active: boolean): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (!active && unique.includes(Number(actor.sub))) throw badRequest(M.notSelfDeactivate, 'ids');
  const found = await db
    .select({ id: appUser.id, roleName: role.name })
    .from(appUser)
    .innerJoin(role, eq(role.id, appUser.roleId))
    .where(inArray(appUser.id, unique));
  const missing = unique.filter((id) => !found.some((f) => f.id === id));
  if (missing.length) throw notFound(`${M.userNotFound} (id ${missing.join(', ')})`);
  for (const f of found) assertMayManage(actor, f.roleName);

  return db.transaction(async (tx) => {
    const changed: number[] = [];
    for (const id of unique) {
      const before = await userById(tx as unknown as Db, id);
      if (!before || before.isActive === active) continue;
      await tx
        .update(appUser)
        .set({ isActive: active, updatedAt: clockNow(), ...(active ? {} : { tokensValidAfter: revokeNow() }) })
        .where(eq(appUser.id, id));
      await recordChange(tx, actor, 'user', id, active ? 'activate' : 'deactivate', valuesOf(before), { ...valuesOf(before), isActive: active });
      changed.push(id);
    }
    return changed;
  });
}

// ------------------------------------------------------------------------------------------------ role

export async function changeUserRole(db: Db, actor: Actor, userId: number, roleId: number): Promise<UserRow> {
  if (userId === Number(actor.sub)) throw badRequest(M.notSelfRole, 'userId');
  const given = await roleOf(db, roleId);
  if (!given) throw badRequest(M.roleNotFound, 'roleId');
  const before = await mustFindUser(db, userId);
  assertMayManage(actor, before.roleName);
  assertMayGrant(actor, given.name);
  if (before.roleId === roleId) throw badRequest(M.sameRole, 'roleId');
  return db.transaction(async (tx) => {
    await tx.update(appUser).set({ roleId, tokensValidAfter: revokeNow(), updatedAt: clockNow() }).where(eq(appUser.id, userId));
    const after = await userById(tx as unknown as Db, userId);
    if (!after) throw notFound(M.userNotFound);
    await recordChange(tx, actor, 'user', userId, 'update', valuesOf(before), valuesOf(after));
    return after;
  });
}

// ------------------------------------------------------------------------------------------------ passwords

export async function adminResetPassword(
  db: Db,
  actor: Actor,
  userId: number,
  newPassword: string,
  opts: { hashCost?: 'normal' | 'fast' } = {},
): Promise<void> {
  const before = await mustFindUser(db, userId);
  assertMayManage(actor, before.roleName);
  if (before.authType === 'LDAP') throw badRequest(M.ldapPassword, 'userId');
  const passwordHash = await hashPassword(newPassword, opts.hashCost);
  await db.transaction(async (tx) => {
    await tx
      .update(appUser)
      .set({ passwordHash, resetPasswordCount: 0, tokensValidAfter: revokeNow(), updatedAt: clockNow() })
      .where(eq(appUser.id, userId));
    // links handed out earlier stop working: the administrator has just chosen another way
    await tx
      .update(passwordResetLink)
      .set({ usedAt: clockNow() })
      .where(and(eq(passwordResetLink.userId, userId), isNull(passwordResetLink.usedAt)));
    await recordChange(
      tx,
      actor,
      'user',
      userId,
      'update',
      { resetPasswordCount: before.resetPasswordCount, passwordReset: null },
      { resetPasswordCount: 0, passwordReset: 'Kata laluan sementara ditetapkan oleh pentadbir' },
    );
  });
}

/**
 * A one-time link (RESET_LINK_TTL_HOURS) for the user to choose a password. Only the token's SHA-256 is kept; a new
 * link voids the user's earlier unused ones. There is no mail server: the administrator is answered the link.
 */
export async function makeResetLink(db: Db, actor: Actor, userId: number, origin: string, now = clockNow()): Promise<ResetLink> {
  const u = await mustFindUser(db, userId);
  assertMayManage(actor, u.roleName);
  if (u.authType === 'LDAP') throw badRequest(M.ldapPassword, 'userId');
  if (!u.isActive) throw badRequest(M.inactiveUser, 'userId');
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + RESET_LINK_TTL_HOURS * 3600 * 1000);
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResetLink)
      .set({ usedAt: now })
      .where(and(eq(passwordResetLink.userId, userId), isNull(passwordResetLink.usedAt)));
    await tx.insert(passwordResetLink).values({ userId, tokenHash: sha256Hex(token), expiresAt, createdByUserId: Number(actor.sub) });
    await recordChange(
      tx,
      actor,
      'user',
      userId,
      'update',
      { passwordResetLink: null },
      { passwordResetLink: `Pautan sekali guna dijana, tamat ${expiresAt.toISOString()}` },
    );
  });
  return { link: `${origin.replace(/\/+$/, '')}${RESET_LINK_SCREEN}?token=${token}`, expiresAt: expiresAt.toISOString(), mailed: false };
}

/** Why a token does not work: unknown, used, expired, or its user cannot use a password here. */
async function refusalOf(db: Db, tokenHash: string, now: Date): Promise<HttpError> {
  const [l] = await db
    .select({ usedAt: passwordResetLink.usedAt, expiresAt: passwordResetLink.expiresAt })
    .from(passwordResetLink)
    .where(eq(passwordResetLink.tokenHash, tokenHash))
    .limit(1);
  if (l && !l.usedAt && l.expiresAt.getTime() <= now.getTime()) return badRequest(M.linkExpired, 'token');
  return badRequest(M.linkInvalid, 'token');
}

async function liveLink(db: Db, tokenHash: string, now: Date) {
  const [l] = await db
    .select({
      id: passwordResetLink.id,
      userId: appUser.id,
      username: appUser.username,
      staffId: appUser.staffId,
      expiresAt: passwordResetLink.expiresAt,
    })
    .from(passwordResetLink)
    .innerJoin(appUser, eq(appUser.id, passwordResetLink.userId))
    .where(
      and(
        eq(passwordResetLink.tokenHash, tokenHash),
        isNull(passwordResetLink.usedAt),
        gt(passwordResetLink.expiresAt, now),
        eq(appUser.isActive, true),
        eq(appUser.authType, 'LOCAL'),
      ),
    )
    .limit(1);
  return l;
}

/** What a link is for (the public screen shows the username before asking for the password). */
export async function checkResetLink(db: Db, token: string, now = clockNow()): Promise<ResetLinkInfo> {
  const hash = sha256Hex(token);
  const l = await liveLink(db, hash, now);
  if (!l) throw await refusalOf(db, hash, now);
  return { username: l.username, expiresAt: l.expiresAt.toISOString() };
}

/** Uses a link once: the new password, every earlier token revoked. Answers the user id. */
export async function useResetLink(
  db: Db,
  token: string,
  newPassword: string,
  opts: { hashCost?: 'normal' | 'fast'; now?: Date } = {},
): Promise<number> {
  const now = opts.now ?? clockNow();
  const hash = sha256Hex(token);
  if (!(await liveLink(db, hash, now))) throw await refusalOf(db, hash, now);
  const passwordHash = await hashPassword(newPassword, opts.hashCost);
  const userId = await db.transaction(async (tx) => {
    // the link is spent by one atomic update: of two uses at once, one wins
    const [spent] = await tx
      .update(passwordResetLink)
      .set({ usedAt: now })
      .where(and(eq(passwordResetLink.tokenHash, hash), isNull(passwordResetLink.usedAt), gt(passwordResetLink.expiresAt, now)))
      .returning({ userId: passwordResetLink.userId });
    if (!spent) return null;
    const [u] = await tx.select({ staffId: appUser.staffId, count: appUser.resetPasswordCount }).from(appUser).where(eq(appUser.id, spent.userId));
    await tx
      .update(appUser)
      .set({ passwordHash, resetPasswordCount: sql`${appUser.resetPasswordCount} + 1`, tokensValidAfter: revokeNow(), updatedAt: clockNow() })
      .where(eq(appUser.id, spent.userId));
    // the user made this change themself
    await recordChange(
      tx,
      { sub: String(spent.userId), sid: u.staffId },
      'user',
      spent.userId,
      'update',
      { resetPasswordCount: u.count, passwordReset: null },
      { resetPasswordCount: u.count + 1, passwordReset: 'Kata laluan ditetapkan oleh pengguna melalui pautan' },
    );
    return spent.userId;
  });
  if (userId === null) throw await refusalOf(db, hash, now);
  return userId;
}
