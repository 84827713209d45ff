/**
 * Bulk onboarding of staff from a CSV file (issue #14 item 1): a preview answers every row with its values and, for a
 * bad row, its reasons, before anything is written; the commit validates the same file again and writes all rows or
 * none, in one transaction, with one change-log entry per created staff member (action 'import').
 *
 * The file travels as JSON { fileName, fileContent: base64 } and is read by parseCsvImport (papaparse): not UTF-8,
 * no rows, more than STAFF_IMPORT_MAX_ROWS rows or a missing column refuse the whole file (400).
 */
import { inArray, sql } from 'drizzle-orm';
import type { TokenClaims } from '../../../contract/auth';
import { ERROR_CODES } from '../../../contract/envelope';
import { can } from '../../../contract/roles';
import {
  EMAIL_PATTERN,
  normaliseNric,
  normaliseStaffNo,
  PHONE_PATTERN,
  STAFF_IMPORT_COLUMNS,
  STAFF_IMPORT_MAX_BYTES,
  STAFF_IMPORT_MAX_ROWS,
  STAFF_MESSAGES,
  STAFF_NO_PATTERN,
  type StaffImportFile,
  type StaffImportPreview,
  type StaffImportResult,
  type StaffImportRow,
} from '../../../contract/staff';
import type { Db } from '../../db/client';
import { adminChange, staff } from '../../db/schema';
import { changedFields } from '../../lib/change-log';
import { parseCsvImport } from '../../lib/data-table';
import { badRequest, forbidden, HttpError } from '../../lib/http-error';
import { regionScopeOf } from '../../lib/scope';
import { sectionsByCode } from './queries';

const BATCH = 500;

interface CheckedRow extends StaffImportRow {
  insert: typeof staff.$inferInsert | null;
}

function decode(file: StaffImportFile): Buffer {
  const bytes = Buffer.from(file.fileContent, 'base64');
  if (!bytes.length) throw badRequest('Fail CSV kosong.', 'file');
  if (bytes.length > STAFF_IMPORT_MAX_BYTES) throw badRequest(`Fail CSV terlalu besar: maksimum ${STAFF_IMPORT_MAX_BYTES / 1024 / 1024} MB.`, 'file');
  return bytes;
}

/** Reads and checks every row of the file; nothing is written. */
async function check(db: Db, user: TokenClaims, file: StaffImportFile): Promise<CheckedRow[]> {
  if (!can(user.rn, 'adminOrg')) throw forbidden();
  const bytes = decode(file);
  // not UTF-8, no rows, over STAFF_IMPORT_MAX_ROWS ('… maksimum 5000 baris …') or a missing column: 400 for the file
  const parsed = parseCsvImport(bytes, { required: STAFF_IMPORT_COLUMNS, maxRows: STAFF_IMPORT_MAX_ROWS });
  const sections = await sectionsByCode(db);
  const scope = regionScopeOf(user);

  // staff numbers: repeated in the file, already in the database
  const linesOf = new Map<string, number[]>();
  for (const r of parsed.rows) {
    const no = normaliseStaffNo(r.values.staffNo ?? '');
    if (no) linesOf.set(no, [...(linesOf.get(no) ?? []), r.line]);
  }
  const taken = new Set<string>();
  const numbers = [...linesOf.keys()];
  for (let i = 0; i < numbers.length; i += 1000) {
    const found = await db
      .select({ no: sql<string>`upper(${staff.staffNo})` })
      .from(staff)
      .where(inArray(sql`upper(${staff.staffNo})`, numbers.slice(i, i + 1000)));
    for (const f of found) taken.add(f.no);
  }

  return parsed.rows.map(({ line, values }) => {
    const issues: { field: string; message: string }[] = [];
    const v = (k: (typeof STAFF_IMPORT_COLUMNS)[number]) => (values[k] ?? '').trim();
    const required = (k: (typeof STAFF_IMPORT_COLUMNS)[number], label: string) => {
      if (!v(k)) issues.push({ field: k, message: `${label} diperlukan` });
      return v(k);
    };

    const staffNo = normaliseStaffNo(required('staffNo', 'No. staf'));
    if (staffNo) {
      if (!STAFF_NO_PATTERN.test(staffNo)) issues.push({ field: 'staffNo', message: STAFF_MESSAGES.staffNo });
      const lines = linesOf.get(staffNo) ?? [];
      if (lines.length > 1)
        issues.push({ field: 'staffNo', message: `No. staf berulang dalam fail (baris ${lines.filter((l) => l !== line).join(', ')})` });
      if (taken.has(staffNo)) issues.push({ field: 'staffNo', message: `${STAFF_MESSAGES.duplicateStaffNo}: ${staffNo}` });
    }
    const displayName = required('displayName', 'Nama').replace(/\s+/g, ' ');
    if (displayName.length > 150) issues.push({ field: 'displayName', message: STAFF_MESSAGES.displayName });
    const position = required('position', 'Jawatan');
    if (position.length > 100) issues.push({ field: 'position', message: STAFF_MESSAGES.position });
    const nricText = required('nric', 'No. KP (NRIC)');
    const nric = nricText ? normaliseNric(nricText) : null;
    if (nricText && !nric) issues.push({ field: 'nric', message: STAFF_MESSAGES.nric });
    const phone = v('phone');
    if (phone && (phone.length > 20 || !PHONE_PATTERN.test(phone))) issues.push({ field: 'phone', message: STAFF_MESSAGES.phone });
    const email = v('email').toLowerCase();
    if (email && (email.length > 150 || !EMAIL_PATTERN.test(email))) issues.push({ field: 'email', message: STAFF_MESSAGES.email });
    const code = required('section', 'Seksyen').toUpperCase();
    const sec = code ? sections.get(code) : undefined;
    if (code && !sec) issues.push({ field: 'section', message: `Kod seksyen tidak wujud: ${code}` });
    if (sec && scope !== null && sec.regionId !== scope) issues.push({ field: 'section', message: `Seksyen ${code} di luar wilayah anda` });

    return {
      line,
      values,
      pkSectionId: sec?.id ?? null,
      issues,
      insert: issues.length
        ? null
        : { staffNo, displayName, position, nric, phone: phone || null, email: email || null, sectionId: sec!.id, isActive: true },
    };
  });
}

const summary = (fileName: string, rows: CheckedRow[]): StaffImportPreview => {
  const invalid = rows.filter((r) => r.issues.length).length;
  return { fileName, total: rows.length, valid: rows.length - invalid, invalid, rows: rows.map(({ insert: _insert, ...r }) => r) };
};

export async function previewImport(db: Db, user: TokenClaims, file: StaffImportFile): Promise<StaffImportPreview> {
  return summary(file.fileName, await check(db, user, file));
}

/** All rows or none: any bad row refuses the whole file (400 with every bad row), nothing written. */
export async function commitImport(db: Db, user: TokenClaims, file: StaffImportFile): Promise<StaffImportResult> {
  const rows = await check(db, user, file);
  const bad = rows.filter((r) => r.issues.length);
  if (bad.length) {
    const issues = bad.flatMap((r) => r.issues.map((i) => ({ field: i.field, message: `Baris ${r.line}: ${i.message}` })));
    const extra = { field: 'file', issues: issues.slice(0, 1000) };
    throw new HttpError(400, ERROR_CODES.VALIDATION, `${STAFF_MESSAGES.importRefused} ${bad.length} daripada ${rows.length} baris tidak sah.`, extra);
  }
  const sectionCodeOf = new Map(
    rows.filter((r) => r.pkSectionId !== null).map((r) => [r.pkSectionId!, (r.values.section ?? '').trim().toUpperCase()]),
  );
  const ids = await db.transaction(async (tx) => {
    const created: number[] = [];
    for (let i = 0; i < rows.length; i += BATCH) {
      const values = rows.slice(i, i + BATCH).map((r) => r.insert!);
      const done = await tx.insert(staff).values(values).returning();
      await tx.insert(adminChange).values(
        done.map((s) => ({
          entity: 'staff',
          entityId: s.id,
          action: 'import',
          userId: Number(user.sub),
          staffId: user.sid,
          changes: changedFields(null, {
            staffNo: s.staffNo,
            displayName: s.displayName,
            position: s.position,
            nric: s.nric,
            phone: s.phone,
            email: s.email,
            section: sectionCodeOf.get(s.sectionId) ?? String(s.sectionId),
            isActive: s.isActive,
            file: file.fileName,
          }),
        })),
      );
      created.push(...done.map((s) => s.id));
    }
    return created;
  });
  return { created: ids.length, pkStaffIds: ids };
}
