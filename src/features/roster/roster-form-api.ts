/**
 * Calls of the roster form only (/createupdateroster/{rosterId}): its options, the shifts of a roster type and the
 * save. Kept apart from roster-api.ts so the list (which every map role opens) never takes the form's schema modules.
 */
import type { RosterFormOptions, RosterSave } from '@contract/rosters';
import { ROSTER_PATHS } from '@contract/rosters-rules';
import { SHIFT_PATHS, type NamaSyifItem } from '@contract/shifts';
import { apiGet } from '@/lib/api';
import { adminWrite } from '@/ui/admin/admin-api';
import type { RosterDetail } from '@contract/rosters';

export const formOptionsCall = (sectionId: number, rosterId: number | null) =>
  apiGet<RosterFormOptions>(ROSTER_PATHS.formOptions(sectionId), rosterId ? { searchParams: { rosterId } } : undefined);
export const shiftsOfTypeCall = (jenisRosterId: number) => apiGet<NamaSyifItem[]>(SHIFT_PATHS.byJenisRoster(jenisRosterId));
export const saveRosterCall = (body: RosterSave, label: string) =>
  adminWrite<RosterDetail>(
    'admin.roster.save',
    `Jadual tugas: ${label}`,
    ROSTER_PATHS.save,
    body,
    body.pkDutyRosterId ? `roster:${body.pkDutyRosterId}` : undefined,
  );
