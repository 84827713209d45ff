import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { TokenClaims, WebUser } from '../../../contract/auth';
import { ERROR_CODES } from '../../../contract/envelope';
import type { Db } from '../../db/client';
import { appUser, callSign, dutyRoster, region, role, section, staff, vehicle } from '../../db/schema';
import { rosterHasPerson } from '../../lib/roster-people';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from '../../lib/http-error';
import type { Config } from '../../config';
import { hashPassword, verifyPassword } from '../../lib/password';
import { LdapUnavailableError, type LdapDirectory } from '../../lib/ldap';
import { USERS_MESSAGES } from '../../../contract/users';
import { createLoginThrottle, type Refusal } from './throttle';
import { now as clockNow } from '../../lib/clock';
import type { SignInFailure } from '../../plugins/metrics';

/** Hash of a password nobody has: verified against when the username is unknown, so timing tells nothing. */
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword('no-such-user-password'));

const INVALID_CREDENTIALS = 'Nama pengguna atau kata laluan tidak sah.';

/** 503 with a Malay message: the directory (or its configuration) is missing, not the user's password. */
const ldapUnavailable = (message: string) => new HttpError(503, ERROR_CODES.INTERNAL, message);

/**
 * Why a sign-in failed, for the server's own eyes (the metrics and the log): never in the answer, which says the same
 * for an unknown username and a wrong password.
 */
const failureReasons = new WeakMap<object, SignInFailure>();
function failing<E extends Error>(err: E, reason: SignInFailure): E {
  failureReasons.set(err, reason);
  return err;
}
/** The reason of an error authenticate() threw; 'error' for anything else (the database failing…). */
export const signInFailureOf = (err: unknown): SignInFailure => (typeof err === 'object' && err !== null && failureReasons.get(err)) || 'error';

/** `ldap`: the directory LDAP users bind to (server/lib/ldap.ts); null when LDAP_URL is not set. */
export function createAuthService(db: Db, cfg: Config['login'], ldap: LdapDirectory | null = null) {
  // sign-in throttling lives in the database (./throttle.ts); the username check's limiter may stay in memory
  const throttle = createLoginThrottle(db, cfg);
  const lookupsByAddress = new RateLimiterMemory({ keyPrefix: 'primeuser_ip', points: 30, duration: 60 });

  const tooMany = ({ retryAfterSeconds }: Refusal) =>
    new HttpError(
      429,
      ERROR_CODES.TOO_MANY_REQUESTS,
      `Terlalu banyak cubaan log masuk. Sila cuba lagi dalam ${retryAfterSeconds < 60 ? `${retryAfterSeconds} saat` : `${Math.ceil(retryAfterSeconds / 60)} minit`}.`,
      { retryAfterSeconds },
    );

  async function findUserForLogin(username: string) {
    const [row] = await db
      .select({
        id: appUser.id,
        username: appUser.username,
        passwordHash: appUser.passwordHash,
        authType: appUser.authType,
        isActive: appUser.isActive,
        resetPasswordCount: appUser.resetPasswordCount,
        tokensValidAfter: appUser.tokensValidAfter,
        roleId: appUser.roleId,
        roleName: role.name,
        staffId: staff.id,
        sectionId: staff.sectionId,
        regionId: section.regionId,
      })
      .from(appUser)
      .innerJoin(role, eq(role.id, appUser.roleId))
      .innerJoin(staff, eq(staff.id, appUser.staffId))
      .innerJoin(section, eq(section.id, staff.sectionId))
      .where(eq(appUser.username, username.toLowerCase()))
      .limit(1);
    return row;
  }

  /** Checks the credentials; answers the claims to sign or throws 401/429. */
  async function authenticate(usernameRaw: string, password: string, ip: string) {
    const username = usernameRaw.trim().toLowerCase();
    // known and unknown usernames alike: the throttle must not tell which exist
    const refused = await throttle.admit(username, ip);
    if (refused) throw failing(tooMany(refused), 'throttled');
    const user = await findUserForLogin(username);
    // an unknown username costs one hash check too, so the answer's timing does not tell which usernames exist
    const valid = user
      ? await checkPassword(user, password).catch((err) => {
          throw err instanceof HttpError && err.statusCode === 503 ? failing(err, 'directory_unavailable') : err;
        })
      : await verifyPassword(await getDummyHash(), password).then(() => false);
    if (!user || !valid || !user.isActive) {
      await throttle.failed(ip);
      const inactive = user && valid && !user.isActive;
      throw failing(
        new HttpError(401, ERROR_CODES.INVALID_CREDENTIALS, inactive ? 'Akaun anda tidak aktif. Sila hubungi pentadbir.' : INVALID_CREDENTIALS),
        !user ? 'unknown_user' : inactive ? 'inactive' : 'bad_password',
      );
    }
    await throttle.succeeded(username, ip);
    await db.update(appUser).set({ lastLoginAt: clockNow() }).where(eq(appUser.id, user.id));
    const claims: Omit<TokenClaims, 't'> = {
      sub: String(user.id),
      uid: user.username,
      rid: user.roleId,
      rn: user.roleName,
      sid: user.staffId,
      sec: user.sectionId,
      reg: user.regionId,
      // the directory keeps an LDAP user's password: nothing to change here
      ...(user.resetPasswordCount === 0 && user.authType !== 'LDAP' ? { pwr: true } : {}),
    };
    return { claims, notBefore: user.tokensValidAfter, userId: user.id };
  }

  /**
   * LOCAL: the argon2id hash. LDAP: a bind to the directory as the user (a wrong password is false, counted by the
   * throttle like a local one); without a directory, or when it cannot be reached, 503 (the attempt stays counted
   * for the pair by admit(), the address is not charged).
   */
  async function checkPassword(user: { username: string; authType: string; passwordHash: string }, password: string): Promise<boolean> {
    if (user.authType !== 'LDAP') return verifyPassword(user.passwordHash, password);
    if (!ldap) throw ldapUnavailable(`${USERS_MESSAGES.ldapNotConfigured} Pengguna LDAP tidak boleh log masuk; sila hubungi pentadbir.`);
    try {
      return await ldap.verify(user.username, password);
    } catch (err) {
      if (err instanceof LdapUnavailableError) throw ldapUnavailable(USERS_MESSAGES.ldapUnavailable);
      throw err;
    }
  }

  /** getDetailWebUser: the fields of §7.1 plus the rosters the user works today. */
  async function webUser(userId: number, staffId: number, now = clockNow()): Promise<WebUser> {
    // rosters the user is on that have not ended and start within the next 24 hours
    const horizon = new Date(now.getTime() + 24 * 3600 * 1000);
    const [[u], rosters] = await Promise.all([userRow(userId), rostersOf(staffId, now, horizon)]);
    if (!u) throw notFound('Pengguna tidak dijumpai.');
    return {
      userId: u.username,
      pkStaffId: u.staffId,
      resetPasswordCount: u.resetPasswordCount,
      roles: [{ pkRoleId: u.roleId, roleName: u.roleName }],
      section: {
        pkSectionId: u.sectionId,
        sectionName: u.sectionName,
        region: { key: u.regionId, value: u.regionName, description: u.regionCode, code: u.regionCode },
      },
      profile: { displayName: u.displayName, position: u.position, staffNo: u.staffNo },
      rosters,
    };
  }

  // hot queries are prepared once: the database keeps their plans (planning costs more than running them)
  const userRowStatement = db
    .select({
      username: appUser.username,
      resetPasswordCount: appUser.resetPasswordCount,
      roleId: role.id,
      roleName: role.name,
      staffId: staff.id,
      displayName: staff.displayName,
      position: staff.position,
      staffNo: staff.staffNo,
      sectionId: section.id,
      sectionName: section.name,
      regionId: region.id,
      regionName: region.name,
      regionCode: region.code,
    })
    .from(appUser)
    .innerJoin(role, eq(role.id, appUser.roleId))
    .innerJoin(staff, eq(staff.id, appUser.staffId))
    .innerJoin(section, eq(section.id, staff.sectionId))
    .innerJoin(region, eq(region.id, section.regionId))
    .where(eq(appUser.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('auth_web_user');
  const userRow = (userId: number) => userRowStatement.execute({ userId });

  const rostersStatement = db
    .select({
      pkDutyRosterId: dutyRoster.id,
      dutyRosterName: dutyRoster.dutyRosterName,
      sectionId: dutyRoster.sectionId,
      startDate: dutyRoster.startDate,
      endDate: dutyRoster.endDate,
      startHour: dutyRoster.startHour,
      endHour: dutyRoster.endHour,
      plateNumber: vehicle.plateNumber,
      callSign: callSign.callSign,
    })
    .from(dutyRoster)
    .leftJoin(vehicle, eq(vehicle.id, dutyRoster.vehicleId))
    .leftJoin(callSign, eq(callSign.id, vehicle.callSignId))
    // the rosters the user is one of the people of (its own member rows, else its team's, #15)
    .where(
      and(
        gt(dutyRoster.endsAt, sql.placeholder('now')),
        lte(dutyRoster.startsAt, sql.placeholder('horizon')),
        rosterHasPerson(sql.placeholder('staffId')),
      ),
    )
    .orderBy(asc(dutyRoster.startsAt))
    .limit(10)
    .prepare('auth_web_user_rosters');
  const rostersOf = (staffId: number, now: Date, horizon: Date) =>
    rostersStatement.execute({ staffId, now: now.toISOString(), horizon: horizon.toISOString() });

  async function resetPassword(claims: TokenClaims, userName: string, oldPassword: string, newPassword: string) {
    if (userName.trim().toLowerCase() !== claims.uid) throw forbidden('Anda hanya boleh menukar kata laluan anda sendiri.');
    const [u] = await db
      .select({ id: appUser.id, passwordHash: appUser.passwordHash, authType: appUser.authType })
      .from(appUser)
      .where(eq(appUser.id, Number(claims.sub)))
      .limit(1);
    if (!u) throw unauthorized();
    if (u.authType === 'LDAP') throw badRequest(USERS_MESSAGES.ldapPassword, 'newPassword');
    if (!(await verifyPassword(u.passwordHash, oldPassword))) throw badRequest('Kata laluan lama tidak sah.', 'oldPassword');
    const passwordHash = await hashPassword(newPassword);
    await db
      .update(appUser)
      .set({
        passwordHash,
        resetPasswordCount: sql`${appUser.resetPasswordCount} + 1`,
        // every token issued before now stops working (the real clock, as the token's t: not lib/clock.ts)
        tokensValidAfter: new Date(Date.now() + 1),
        updatedAt: clockNow(),
      })
      .where(eq(appUser.id, u.id));
  }

  async function logout(claims: TokenClaims) {
    await db
      .update(appUser)
      // the real clock, not lib/clock.ts: tokens_valid_after meets the token's t, stamped with the real time
      .set({ tokensValidAfter: new Date(Date.now() + 1) })
      .where(eq(appUser.id, Number(claims.sub)));
  }

  async function primeUser(username: string, ip: string) {
    try {
      await lookupsByAddress.consume(ip);
    } catch (e) {
      if (e instanceof RateLimiterRes) {
        throw new HttpError(429, ERROR_CODES.TOO_MANY_REQUESTS, 'Terlalu banyak semakan. Sila cuba sebentar lagi.', {
          retryAfterSeconds: Math.ceil(e.msBeforeNext / 1000),
        });
      }
      throw e;
    }
    const [u] = await db
      .select({ username: appUser.username, active: appUser.isActive, authType: appUser.authType })
      .from(appUser)
      .where(eq(appUser.username, username.toLowerCase()))
      .limit(1);
    return u
      ? { username: u.username, exists: true, active: u.active, authType: u.authType }
      : { username: username.toLowerCase(), exists: false, active: false, authType: null };
  }

  return { authenticate, webUser, resetPassword, logout, primeUser };
}

export type AuthService = ReturnType<typeof createAuthService>;
