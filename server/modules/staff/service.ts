/**
 * Staff administration (issue #14 item 1). Every service checks access first (role, then the record's region), then
 * reads or writes; every write records its change (server/lib/change-log.ts) in its own transaction.
 *
 * Delete (§7.1 staff/delete, an array of ids): a staff member who appears anywhere in the operation's history (a
 * roster, a case, a journal, a logsheet, a broadcast, leave, an administrative change, a used user account) is
 * deactivated with their user account, never erased; one without any history is deleted with their account.
 */
import { and, asc, eq, ne, not, sql } from 'drizzle-orm';
import type { TokenClaims } from '../../../contract/auth';
import type { DataTablesQuery } from '../../../contract/envelope';
import { can, grantRefusal, manageRefusal, mayGrantRole, roleById } from '../../../contract/roles';
import {
  normaliseNric,
  normaliseStaffNo,
  STAFF_MESSAGES,
  type Staff,
  type StaffAllStatusFilter,
  type StaffChoices,
  type StaffCreate,
  type StaffDeleteResult,
  type StaffFilter,
  type StaffRoles,
  type StaffSave,
} from '../../../contract/staff';
import type { Db } from '../../db/client';
import { appUser, broadcastSeen, region, role, section, staff, teamMember } from '../../db/schema';
import { recordChange } from '../../lib/change-log';
import { CSV_EXPORT_MAX_ROWS, listPage, orderOf, toCsv } from '../../lib/data-table';
import { badRequest, forbidden, HttpError, notFound, sqlStateOf } from '../../lib/http-error';
import { ERROR_CODES } from '../../../contract/envelope';
import { regionScopeOf } from '../../lib/scope';
import {
  activeFilterOf,
  allStatusFilterOf,
  historyOf,
  staffCsvQuery,
  staffListQuery,
  STAFF_SORTABLE,
  toStaffRow,
  type StaffListDbRow,
} from './queries';
import { now as clockNow } from '../../lib/clock';

/** What a write did to user accounts: their sessions must be forgotten once it is committed. */
export interface WriteEffects {
  revokedUserIds: number[];
}

// ------------------------------------------------------------------------------------------------ access

/** The staff member's region and status, after the role and region checks: 404 unknown, 403 another region. */
export async function staffAccess(db: Db, user: TokenClaims, id: number, opts: { activeOnly?: boolean } = {}) {
  if (!can(user.rn, 'adminOrg')) throw forbidden();
  const [row] = await db
    .select({ id: staff.id, regionId: section.regionId, isActive: staff.isActive })
    .from(staff)
    .innerJoin(section, eq(section.id, staff.sectionId))
    .where(eq(staff.id, id));
  if (!row) throw notFound(STAFF_MESSAGES.notFound);
  const scope = regionScopeOf(user);
  if (scope !== null && row.regionId !== scope) throw forbidden(STAFF_MESSAGES.otherRegion);
  if (opts.activeOnly && !row.isActive) throw notFound(`${STAFF_MESSAGES.notFound} ${STAFF_MESSAGES.inactive}`);
  return row;
}

/** A section a staff member may be placed in: 400 when it does not exist, 403 when it is another region's. */
async function sectionForWrite(db: Db, user: TokenClaims, sectionId: number) {
  const [row] = await db.select({ id: section.id, regionId: section.regionId }).from(section).where(eq(section.id, sectionId));
  if (!row) throw badRequest('Seksyen tidak wujud.', 'pkSectionId');
  const scope = regionScopeOf(user);
  if (scope !== null && row.regionId !== scope) throw forbidden(STAFF_MESSAGES.sectionOtherRegion);
  return row;
}

// ------------------------------------------------------------------------------------------------ reads

export async function getStaff(db: Db, id: number): Promise<Staff> {
  const [r] = await db
    .select({
      s: staff,
      sectionName: section.name,
      sectionDescription: section.description,
      regionId: section.regionId,
      regionCode: region.code,
      regionName: region.name,
      userId: appUser.id,
      username: appUser.username,
      roleId: appUser.roleId,
      roleName: role.name,
      userActive: appUser.isActive,
    })
    .from(staff)
    .innerJoin(section, eq(section.id, staff.sectionId))
    .innerJoin(region, eq(region.id, section.regionId))
    .leftJoin(appUser, eq(appUser.staffId, staff.id))
    .leftJoin(role, eq(role.id, appUser.roleId))
    .where(eq(staff.id, id));
  if (!r) throw notFound(STAFF_MESSAGES.notFound);
  return {
    pkStaffId: r.s.id,
    pkSectionId: r.s.sectionId,
    profile: { displayName: r.s.displayName, position: r.s.position, staffNo: r.s.staffNo, nric: r.s.nric, phone: r.s.phone, email: r.s.email },
    section: {
      pkSectionId: r.s.sectionId,
      sectionName: r.sectionName,
      description: r.sectionDescription,
      regionId: r.regionId,
      regionCode: r.regionCode,
      regionName: r.regionName,
    },
    institutionId: r.s.institutionId,
    moduleId: r.s.moduleId,
    isActive: r.s.isActive,
    user:
      r.userId !== null && r.username !== null && r.roleId !== null
        ? { userId: r.userId, username: r.username, pkRoleId: r.roleId, roleName: r.roleName ?? String(r.roleId), isActive: r.userActive ?? false }
        : null,
    createdAt: r.s.createdAt.toISOString(),
    updatedAt: r.s.updatedAt.toISOString(),
  };
}

export async function listActiveStaff(db: Db, user: TokenClaims, f: StaffFilter, q: DataTablesQuery) {
  const { rows, recordCount } = await listPage(staffListQuery(db, activeFilterOf(user, f)), q, orderOf(q, STAFF_SORTABLE, 'displayName', [staff.id]));
  return { rows: (rows as StaffListDbRow[]).map(toStaffRow), recordCount };
}

export async function listAllStatusStaff(db: Db, user: TokenClaims, f: StaffAllStatusFilter, q: DataTablesQuery) {
  const { rows, recordCount } = await listPage(
    staffListQuery(db, allStatusFilterOf(user, f)),
    q,
    orderOf(q, STAFF_SORTABLE, 'displayName', [staff.id]),
  );
  return { rows: (rows as StaffListDbRow[]).map(toStaffRow), recordCount };
}

/** The CSV of the filtered list (every status unless asked), in the list's order, at most CSV_EXPORT_MAX_ROWS. */
export async function staffCsv(db: Db, user: TokenClaims, f: StaffAllStatusFilter, q: Partial<Pick<DataTablesQuery, 'orderColumn' | 'direction'>>) {
  const rows = await staffCsvQuery(db, allStatusFilterOf(user, f))
    .orderBy(...orderOf({ orderColumn: q.orderColumn, direction: q.direction ?? 'asc' }, STAFF_SORTABLE, 'displayName', [staff.id]))
    .limit(CSV_EXPORT_MAX_ROWS);
  type R = (typeof rows)[number] & { n: number };
  return toCsv<R>(
    rows.map((r, i) => ({ ...r, n: i + 1 })),
    [
      { label: 'Bil', value: (r) => r.n },
      { label: 'staffNo', value: (r) => r.staffNo },
      { label: 'displayName', value: (r) => r.displayName },
      { label: 'position', value: (r) => r.position },
      { label: 'nric', value: (r) => r.nric },
      { label: 'phone', value: (r) => r.phone },
      { label: 'email', value: (r) => r.email },
      { label: 'section', value: (r) => r.sectionName },
      { label: 'Wilayah', value: (r) => r.regionName },
      { label: 'Nama Pengguna', value: (r) => r.username ?? '' },
      { label: 'Peranan', value: (r) => r.roleName ?? '' },
      { label: 'Status', value: (r) => (r.isActive ? 'Aktif' : 'Tidak Aktif') },
    ],
  );
}

/** Sections of the caller's region without G sections (§5) and without the parts of combined sections; positions. */
export async function staffChoices(db: Db, user: TokenClaims): Promise<StaffChoices> {
  if (!can(user.rn, 'adminOrg')) throw forbidden();
  const scope = regionScopeOf(user);
  const [sections, positions] = await Promise.all([
    db
      .select({
        pkSectionId: section.id,
        sectionName: section.name,
        description: section.description,
        regionId: section.regionId,
        regionCode: region.code,
        regionName: region.name,
      })
      .from(section)
      .innerJoin(region, eq(region.id, section.regionId))
      .where(
        and(
          not(sql`${section.name} like '%G%'`),
          sql`${section.combinedSectionId} is null`,
          scope === null ? undefined : eq(section.regionId, scope),
        ),
      )
      .orderBy(asc(section.name)),
    db
      .selectDistinct({ position: staff.position })
      .from(staff)
      .innerJoin(section, eq(section.id, staff.sectionId))
      .where(scope === null ? undefined : eq(section.regionId, scope))
      .orderBy(asc(staff.position)),
  ]);
  const roles = (await db.select({ id: role.id, name: role.name, label: role.label }).from(role).orderBy(asc(role.id)))
    .filter((r) => mayGrantRole(user.rn, r.name))
    .map((r) => ({ pkRoleId: r.id, roleName: r.name, label: r.label }));
  return { sections, positions: positions.map((p) => p.position), roles };
}

// ------------------------------------------------------------------------------------------------ writes

type StaffValues = typeof staff.$inferSelect;
/** The fields of a staff member the history shows (the section by its code: N9, not its id). */
async function snapshot(db: Pick<Db, 'select'>, s: StaffValues) {
  const [sec] = await db.select({ name: section.name }).from(section).where(eq(section.id, s.sectionId));
  return {
    staffNo: s.staffNo,
    displayName: s.displayName,
    position: s.position,
    nric: s.nric,
    phone: s.phone,
    email: s.email,
    section: sec?.name ?? String(s.sectionId),
    institutionId: s.institutionId,
    moduleId: s.moduleId,
    isActive: s.isActive,
  };
}

const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

function profileValues(input: StaffCreate) {
  const nric = normaliseNric(input.nric);
  if (!nric) throw badRequest(STAFF_MESSAGES.nric, 'nric');
  return {
    staffNo: normaliseStaffNo(input.staffNo),
    displayName: input.displayName.trim().replace(/\s+/g, ' '),
    position: input.position.trim(),
    nric,
    phone: blankToNull(input.phone),
    email: blankToNull(input.email)?.toLowerCase() ?? null,
    sectionId: input.pkSectionId,
    institutionId: input.institutionId ?? null,
    moduleId: input.moduleId ?? null,
  };
}

/** 409 'No. staf sudah wujud' on the staffNo field (the form marks it). */
const staffNoTaken = () => new HttpError(409, ERROR_CODES.CONFLICT, STAFF_MESSAGES.duplicateStaffNo, { field: 'staffNo' });

async function assertStaffNoFree(db: Db, staffNo: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(sql`upper(${staff.staffNo}) = ${staffNo}`, exceptId ? ne(staff.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw staffNoTaken();
}

/** A unique-key refusal of the staff number (a concurrent create) is the same 409 as the check above. */
async function guardUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (sqlStateOf(err) === '23505') throw staffNoTaken();
    throw err;
  }
}

export async function createStaff(db: Db, user: TokenClaims, input: StaffCreate): Promise<Staff> {
  if (!can(user.rn, 'adminOrg')) throw forbidden();
  await sectionForWrite(db, user, input.pkSectionId);
  const values = profileValues(input);
  await assertStaffNoFree(db, values.staffNo);
  const id = await guardUnique(() =>
    db.transaction(async (tx) => {
      const [created] = await tx.insert(staff).values(values).returning();
      await recordChange(tx, user, 'staff', created.id, 'create', null, await snapshot(tx, created));
      return created.id;
    }),
  );
  return getStaff(db, id);
}

/** Deactivates a user account: refused from now on, its tokens dead at once. */
async function deactivateUserOf(tx: Db, user: TokenClaims, staffId: number, effects: WriteEffects) {
  const [account] = await tx.select().from(appUser).where(eq(appUser.staffId, staffId));
  if (!account?.isActive) return;
  // the real clock, not lib/clock.ts: tokens_valid_after meets the token's t, stamped with the real time
  const now = new Date();
  await tx.update(appUser).set({ isActive: false, tokensValidAfter: now, updatedAt: now }).where(eq(appUser.id, account.id));
  await recordChange(tx, user, 'user', account.id, 'deactivate', { isActive: true }, { isActive: false });
  effects.revokedUserIds.push(account.id);
}

export async function saveStaff(db: Db, user: TokenClaims, input: StaffSave, effects: WriteEffects): Promise<Staff> {
  await staffAccess(db, user, input.pkStaffId);
  if (input.pkStaffId === user.sid && input.isActive === false) throw forbidden('Anda tidak boleh menyahaktifkan rekod staf anda sendiri.');
  await sectionForWrite(db, user, input.pkSectionId);
  const values = profileValues(input);
  await assertStaffNoFree(db, values.staffNo, input.pkStaffId);
  await guardUnique(() =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(staff).where(eq(staff.id, input.pkStaffId)).for('update');
      if (!before) throw notFound(STAFF_MESSAGES.notFound);
      const isActive = input.isActive ?? before.isActive;
      const [after] = await tx
        .update(staff)
        .set({ ...values, isActive, updatedAt: clockNow() })
        .where(eq(staff.id, before.id))
        .returning();
      const action = before.isActive === isActive ? 'update' : isActive ? 'activate' : 'deactivate';
      await recordChange(tx, user, 'staff', before.id, action, await snapshot(tx, before), await snapshot(tx, after));
      if (!isActive && before.isActive) await deactivateUserOf(tx, user, before.id, effects);
    }),
  );
  return getStaff(db, input.pkStaffId);
}

/**
 * The position, and the role of the staff member's user account. A role change ends the user's sessions at once
 * (tokensValidAfter). A role must exist (400) and be one the caller may give, as must the user's present role (403):
 * the one rule of contract/roles.ts (grantRefusal, manageRefusal).
 */
export async function updateStaffRoles(db: Db, user: TokenClaims, input: StaffRoles, effects: WriteEffects): Promise<Staff> {
  await staffAccess(db, user, input.pkStaffId);
  let newRole: { id: number; name: string } | undefined;
  if (input.pkRoleId !== undefined) {
    const [r] = await db.select({ id: role.id, name: role.name }).from(role).where(eq(role.id, input.pkRoleId));
    if (!r || !roleById(input.pkRoleId)) throw badRequest(`${STAFF_MESSAGES.unknownRole} (pkRoleId ${input.pkRoleId})`, 'pkRoleId');
    newRole = r;
  }
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(staff).where(eq(staff.id, input.pkStaffId)).for('update');
    if (!before) throw notFound(STAFF_MESSAGES.notFound);
    const [account] = await tx
      .select({ id: appUser.id, roleId: appUser.roleId, roleName: role.name })
      .from(appUser)
      .innerJoin(role, eq(role.id, appUser.roleId))
      .where(eq(appUser.staffId, before.id));
    if (newRole) {
      if (!account) throw badRequest(STAFF_MESSAGES.noUserForRole, 'pkRoleId');
      if (account.id === Number(user.sub) && account.roleId !== newRole.id) throw forbidden(STAFF_MESSAGES.ownRole);
      if (account.roleId !== newRole.id) {
        // contract/roles.ts: the caller may give the new role, and could have given the one the user holds
        const why = manageRefusal(user.rn, account.roleName) ?? grantRefusal(user.rn, newRole.name);
        if (why) throw forbidden(`${STAFF_MESSAGES.roleNotAllowed} ${why}`);
      }
    }
    const position = input.position?.trim() ?? before.position;
    const roleChanged = !!newRole && !!account && account.roleId !== newRole.id;
    if (position !== before.position) {
      await tx.update(staff).set({ position, updatedAt: clockNow() }).where(eq(staff.id, before.id));
    }
    if (roleChanged && account && newRole) {
      // the real clock, not lib/clock.ts: tokens_valid_after meets the token's t, stamped with the real time
      const now = new Date();
      await tx.update(appUser).set({ roleId: newRole.id, tokensValidAfter: now, updatedAt: now }).where(eq(appUser.id, account.id));
      await recordChange(
        tx,
        user,
        'user',
        account.id,
        'update',
        { roleId: account.roleId, roleName: account.roleName },
        { roleId: newRole.id, roleName: newRole.name },
      );
      effects.revokedUserIds.push(account.id);
    }
    await recordChange(
      tx,
      user,
      'staff',
      before.id,
      'update',
      { position: before.position, ...(account ? { role: account.roleName } : {}) },
      { position, ...(account ? { role: roleChanged ? newRole!.name : account.roleName } : {}) },
    );
  });
  return getStaff(db, input.pkStaffId);
}

/**
 * §7.1 staff/delete: every id is checked first (404/403 refuse the whole call, nothing changed); then each staff
 * member with history is deactivated (with the user account), each without is erased (with the unused account).
 */
export async function deleteStaff(db: Db, user: TokenClaims, ids: number[], effects: WriteEffects): Promise<StaffDeleteResult> {
  const unique = [...new Set(ids)];
  for (const id of unique) await staffAccess(db, user, id);
  if (unique.includes(user.sid)) throw forbidden('Anda tidak boleh memadam rekod staf anda sendiri.');
  const result: StaffDeleteResult = { deleted: [], deactivated: [] };
  await db.transaction(async (tx) => {
    const history = await historyOf(tx, unique);
    for (const id of unique) {
      const [before] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
      if (!before) throw notFound(STAFF_MESSAGES.notFound);
      let reasons = history.get(id) ?? [];
      if (!reasons.length) {
        try {
          // a savepoint: a reference this check does not know of (FK refusal) deactivates instead
          await tx.transaction(async (sp) => {
            await sp.delete(broadcastSeen).where(eq(broadcastSeen.staffId, id));
            await sp.delete(teamMember).where(eq(teamMember.staffId, id));
            const gone = await sp.delete(appUser).where(eq(appUser.staffId, id)).returning({ id: appUser.id });
            for (const u of gone) {
              await recordChange(sp, user, 'user', u.id, 'delete', { staffId: id }, null);
              effects.revokedUserIds.push(u.id);
            }
            await sp.delete(staff).where(eq(staff.id, id));
            await recordChange(sp, user, 'staff', id, 'delete', await snapshot(sp, before), null);
          });
          result.deleted.push(id);
          continue;
        } catch (err) {
          if (sqlStateOf(err) !== '23503') throw err;
          reasons = ['rekod lain merujuk staf ini'];
        }
      }
      if (before.isActive) {
        const [after] = await tx.update(staff).set({ isActive: false, updatedAt: clockNow() }).where(eq(staff.id, id)).returning();
        await recordChange(tx, user, 'staff', id, 'deactivate', await snapshot(tx, before), await snapshot(tx, after));
      }
      await deactivateUserOf(tx, user, id, effects);
      result.deactivated.push({ pkStaffId: id, reasons });
    }
  });
  return result;
}
