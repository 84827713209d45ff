/**
 * Calls of the staff administration (§7.1 staff/…). Reads with TanStack Query; writes go through the outbox
 * (src/ui/admin/admin-api.ts): answered while the user waits, kept on the device when offline, thrown
 * (ParkedWriteError with the server's field) when refused. The import's preview is a plain call (it needs the
 * server); its commit is a write like the others (Idempotency-Key: a resend never imports twice).
 */
import { useQuery } from '@tanstack/react-query';
import type { DataTablesQuery, DataTablesResult } from '@contract/envelope';
import {
  STAFF_PATHS,
  type Staff,
  type StaffAllStatusFilter,
  type StaffChoices,
  type StaffCreate,
  type StaffDeleteResult,
  type StaffImportFile,
  type StaffImportPreview,
  type StaffImportResult,
  type StaffRoles,
  type StaffRow,
  type StaffSave,
} from '@contract/staff';
import { apiGet, apiPost, dataTables } from '@/lib/api';
import { t } from '@/lib/i18n';
import '@/lib/i18n/parts/staff';
import { useSession } from '@/lib/session';
import { adminWrite, downloadCsv } from '@/ui/admin/admin-api';

export const staffKeys = {
  all: ['staff'] as const,
  list: (filter: StaffAllStatusFilter, q: Partial<DataTablesQuery>) => ['staff', 'list', filter, q] as const,
  one: (id: number) => ['staff', 'one', id] as const,
  choices: (userId: string | undefined) => ['staff', 'choices', userId] as const,
};

export const staffListCall = (filter: StaffAllStatusFilter, q: Partial<DataTablesQuery>) =>
  dataTables<StaffRow>(STAFF_PATHS.dataTablesAllStatus, filter, q) as Promise<DataTablesResult<StaffRow>>;
export const staffCall = (id: number) => apiGet<Staff>(STAFF_PATHS.getAllStatus(id));
export const staffCsv = (filter: StaffAllStatusFilter, q: Partial<DataTablesQuery>) => downloadCsv(STAFF_PATHS.csv, filter, q, 'staf.csv');

/** Sections of the user's region (no G sections), positions in use, roles the user may give. */
export function useStaffChoices() {
  const user = useSession()?.user;
  return useQuery({
    queryKey: staffKeys.choices(user?.userId),
    queryFn: () => apiGet<StaffChoices>(STAFF_PATHS.choices),
    staleTime: 5 * 60_000,
    enabled: !!user,
  });
}

// ------------------------------------------------------------------------------------------------ writes

export const createStaff = (body: StaffCreate) =>
  adminWrite<Staff>('admin.staff.create', `${t('staff.new')}: ${body.displayName}`, STAFF_PATHS.create, body);

export const saveStaff = (body: StaffSave) =>
  adminWrite<Staff>('admin.staff.save', `${t('staff.edit')}: ${body.displayName}`, STAFF_PATHS.save, body, `staff:${body.pkStaffId}`);

export const saveStaffRoles = (name: string, body: StaffRoles) =>
  adminWrite<Staff>('admin.staff.roles', `${t('staff.roles.title')}: ${name}`, STAFF_PATHS.updateRoles, body, `staff:${body.pkStaffId}`);

export const deleteStaff = (row: { pkStaffId: number; displayName: string }) =>
  adminWrite<StaffDeleteResult>(
    'admin.staff.delete',
    `${t('staff.delete')}: ${row.displayName}`,
    STAFF_PATHS.delete,
    [row.pkStaffId],
    `staff:${row.pkStaffId}`,
  );

// ------------------------------------------------------------------------------------------------ CSV import

/** The bytes of a file as base64 (in slices: a 5,000-row file is too long for one String.fromCharCode). */
export function base64Of(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

export async function importFileOf(file: File): Promise<StaffImportFile> {
  return { fileName: file.name, fileContent: base64Of(new Uint8Array(await file.arrayBuffer())) };
}

export const previewImport = (body: StaffImportFile) => apiPost<StaffImportPreview>(STAFF_PATHS.importPreview, body, { timeoutMs: 120_000 });

export const commitImport = (body: StaffImportFile, rows: number) =>
  adminWrite<StaffImportResult>('admin.staff.import', `${t('staff.import')}: ${body.fileName} (${rows})`, STAFF_PATHS.importCommit, body);

/** A template a manager fills in: the header and one example row. */
export const IMPORT_TEMPLATE =
  'staffNo,displayName,position,nric,phone,email,section\r\nPLS40001,Ahmad Fauzi bin Ismail,PR - Peronda,900101-10-1231,012-3456789,ahmad.fauzi@contoh.my,N9\r\n';
