/**
 * Calls of the users administration (§7.1 user/getusers, user/registration, admin/userRole/getRoleList,
 * /user/emailresetpasswordlink). Reads with TanStack Query. Activate / deactivate and role changes go through the
 * outbox (src/ui/admin/admin-api.ts): answered while the user waits, kept on the device when offline. Registration,
 * password resets and reset links are online only: a password never waits in the outbox on a device, and a link must
 * be shown at once.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataTablesQuery, DataTablesResult } from '@contract/envelope';
import {
  USERS_PATHS,
  type AdminResetPassword,
  type ResetLink,
  type ResetLinkInfo,
  type RoleRow,
  type StaffCandidate,
  type UserFilter,
  type UserRow,
} from '@contract/users';
import { apiGet, apiPost, dataTables } from '@/lib/api';
import { useSession } from '@/lib/session';
import { adminWrite, downloadCsv } from '@/ui/admin/admin-api';
import { listQueryOf } from '@/ui/admin/list-search';
import type { ManageUserSearch } from './users-search';

export const USER_DEFAULT_SORT = { sort: 'username', dir: 'asc' } as const;

export const userKeys = {
  all: ['users'] as const,
  list: (filter: UserFilter, q: Partial<DataTablesQuery>) => ['users', 'list', filter, q] as const,
  candidates: (search: string, page: number) => ['users', 'candidates', search, page] as const,
  roles: ['users', 'roles'] as const,
};

export function filterOf(search: ManageUserSearch): UserFilter {
  return { search: search.q, roleId: search.roleId, regionId: search.regionId, status: search.status };
}

export const usersCall = (filter: UserFilter, q: Partial<DataTablesQuery>) =>
  dataTables<UserRow>(USERS_PATHS.dataTables, filter, q) as Promise<DataTablesResult<UserRow>>;
export const rolesCall = () => apiGet<RoleRow[]>(USERS_PATHS.roleList);
export const candidatesCall = (search: string, q: Partial<DataTablesQuery>) =>
  dataTables<StaffCandidate>(USERS_PATHS.staffWithoutAccount, search ? { search } : {}, q) as Promise<DataTablesResult<StaffCandidate>>;
export const usersCsv = (filter: UserFilter, q: Partial<DataTablesQuery>) => downloadCsv(USERS_PATHS.csv, filter, q, 'pengguna.csv');

export function useUserList(search: ManageUserSearch) {
  const user = useSession()?.user;
  const filter = filterOf(search);
  const q = listQueryOf(search, USER_DEFAULT_SORT);
  return useQuery({ queryKey: [...userKeys.list(filter, q), user?.userId], queryFn: () => usersCall(filter, q), placeholderData: keepPreviousData });
}

export function useRoles() {
  return useQuery({ queryKey: userKeys.roles, queryFn: rolesCall, staleTime: 30 * 60_000 });
}

/** The roles the signed-in administrator may give: SUPERADMIN only by a SUPERADMIN (the server refuses it too). */
export function useGrantableRoles() {
  const roles = useRoles();
  const mine = useSession()?.user.roles?.[0]?.roleName;
  return { ...roles, data: roles.data?.filter((r) => r.roleName !== 'SUPERADMIN' || mine === 'SUPERADMIN') };
}

export const CANDIDATE_PAGE_SIZE = 10;
export function useCandidates(search: string, page: number) {
  return useQuery({
    queryKey: userKeys.candidates(search, page),
    queryFn: () =>
      candidatesCall(search, { start: page * CANDIDATE_PAGE_SIZE, length: CANDIDATE_PAGE_SIZE, orderColumn: 'displayName', direction: 'asc' }),
    placeholderData: keepPreviousData,
  });
}

/** Reloads every user list after a change. */
export function useUsersRefresh() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: userKeys.all });
}

/** Registration: online only (the server checks the username, the staff member and the directory). */
export function registerUser(body: { pkStaffId: number; username: string; roleId: number; authType: 'LOCAL' | 'LDAP'; password?: string }) {
  return apiPost<UserRow>(USERS_PATHS.registration, body);
}

export function setActive(user: UserRow, active: boolean) {
  return adminWrite<{ changed: number[] }>(
    active ? 'admin.user.activate' : 'admin.user.deactivate',
    `Pengguna: ${user.username} — ${active ? 'aktifkan' : 'nyahaktifkan'}`,
    active ? USERS_PATHS.activate : USERS_PATHS.deactivate,
    { ids: [user.userId] },
    `user:${user.userId}`,
  );
}

export function changeRole(user: UserRow, roleId: number, roleName: string) {
  return adminWrite<UserRow>(
    'admin.user.role',
    `Pengguna: ${user.username} — peranan ${roleName}`,
    USERS_PATHS.changeRole,
    { userId: user.userId, roleId },
    `user:${user.userId}`,
  );
}

/** Online only: the temporary password is never kept on the device. */
export const resetPassword = (body: AdminResetPassword) => apiPost<null>(USERS_PATHS.adminResetPassword, body);

/** Online only: the link is answered to the administrator (no mail server). */
export const makeResetLink = (userId: number) => apiPost<ResetLink>(USERS_PATHS.emailResetPasswordLink, { userId });

export const checkResetLink = (token: string) => apiPost<ResetLinkInfo>(USERS_PATHS.resetLinkCheck, { token }, { token: false });
export const spendResetLink = (token: string, newPassword: string) => apiPost<null>(USERS_PATHS.resetLink, { token, newPassword }, { token: false });

/** A temporary password that meets the rules: three words of letters and digits, easy to read out. */
export function generatePassword(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyz';
  const bytes = new Uint32Array(10);
  crypto.getRandomValues(bytes);
  const pick = (i: number, set: string) => set[bytes[i] % set.length];
  const word = (from: number) => Array.from({ length: 4 }, (_, i) => pick(from + i, letters)).join('');
  const digits = String((bytes[8] % 9000) + 1000);
  return `${word(0).replace(/^./, (c) => c.toUpperCase())}-${word(4)}-${digits}`;
}
