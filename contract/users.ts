/**
 * Users and roles (issue #14 item 2; spec §2.1 /manageuser, /registeruser; §3.11 the user list row; §6 "User
 * registration uses authentication type LDAP"; §7.1 user/getusers, user/registration, admin/userRole/getRoleList,
 * /user/emailresetpasswordlink).
 *
 * A user is the sign-in account of one member of staff (at most one each). Its username is lower-case letters,
 * digits and . _ @ - (at most USERNAME_MAX characters). authType LOCAL keeps an argon2id password here; LDAP signs in
 * by binding to the directory (LDAP_URL) and has no password here. Only the administrators (permission adminUsers)
 * work on users; deactivating a user, changing its role or resetting its password ends its sessions at once.
 */
import { z } from 'zod';
export * from './users-rules';
import { MANAGE_BASE, PUBLIC_BASE } from './paths';

export const USERNAME_MAX = 50;
/** what a username may hold once lower-cased (the sign-in and the directory's DN use it as it is) */
export const USERNAME_PATTERN = /^[a-z0-9._@-]+$/;
export const AUTH_TYPES = ['LOCAL', 'LDAP'] as const;
export type AuthType = (typeof AUTH_TYPES)[number];
/** a one-time reset link works this long */
export const RESET_LINK_TTL_HOURS = 24;
/** at most this many users in one activate / deactivate call */
export const USER_BULK_MAX = 100;

export const USERS_PATHS = {
  /** §7.1 GET user/getusers: paging, sorting and the filter in the query string */
  getUsers: `${MANAGE_BASE}/user/getusers`,
  /** the same list as a §7 dataTables POST (filter in the body) */
  dataTables: `${MANAGE_BASE}/user/dataTables`,
  csv: `${MANAGE_BASE}/user/csv`,
  get: (id: number) => `${MANAGE_BASE}/user/get/${id}`,
  getPattern: `${MANAGE_BASE}/user/get/:id`,
  /** staff members without a user, for /registeruser */
  staffWithoutAccount: `${MANAGE_BASE}/user/staffWithoutAccount`,
  registration: `${MANAGE_BASE}/user/registration`,
  activate: `${MANAGE_BASE}/user/activate`,
  deactivate: `${MANAGE_BASE}/user/deactivate`,
  changeRole: `${MANAGE_BASE}/user/changeRole`,
  adminResetPassword: `${MANAGE_BASE}/user/adminResetPassword`,
  /** §7.1 POST /user/emailresetpasswordlink */
  emailResetPasswordLink: `${MANAGE_BASE}/user/emailresetpasswordlink`,
  /** §7.1 GET /rest/admin/userRole/getRoleList */
  roleList: '/rest/admin/userRole/getRoleList',
  /** public (no token): what a reset link is for, then the new password */
  resetLinkCheck: `${PUBLIC_BASE}/resetpasswordlink/check`,
  resetLink: `${PUBLIC_BASE}/resetpasswordlink`,
} as const;

/** The screen a reset link opens (the token travels in the URL fragment-free query `?token=`). */
export const RESET_LINK_SCREEN = '/resetpasswordlink';

const id = z.number().int().positive();

/** Username as registered: trimmed, lower-cased, letters, digits and . _ @ - only, at most 50 characters. */
export const UsernameSchema = z
  .string({ error: 'Nama pengguna diperlukan' })
  .trim()
  .min(1, 'Nama pengguna diperlukan')
  .max(USERNAME_MAX, `Nama pengguna maksimum ${USERNAME_MAX} aksara`)
  .transform((v) => v.toLowerCase())
  .refine((v) => !/\s/.test(v), 'Nama pengguna tidak boleh mengandungi ruang')
  .refine((v) => USERNAME_PATTERN.test(v), 'Nama pengguna hanya boleh mengandungi huruf, nombor dan . _ @ -');

/** The password rules of user/resetPassword (contract/auth.ts): at least 8 characters with a letter and a digit. */
export const passwordRule = (label: string) =>
  z
    .string({ error: `${label} diperlukan` })
    .min(8, `${label} mesti sekurang-kurangnya 8 aksara`)
    .max(200, `${label} maksimum 200 aksara`)
    .regex(/[A-Za-z]/, `${label} mesti mengandungi huruf`)
    .regex(/[0-9]/, `${label} mesti mengandungi nombor`);

// ------------------------------------------------------------------------------------------------ roles

/** GET /rest/admin/userRole/getRoleList: the roles of contract/roles.ts ROLES. */
export const RoleRowSchema = z.object({ pkRoleId: z.number().int(), roleName: z.string(), label: z.string() });
export type RoleRow = z.infer<typeof RoleRowSchema>;

// ------------------------------------------------------------------------------------------------ the user list

export const USER_STATUSES = ['active', 'inactive'] as const;

export const UserFilterSchema = z.object({
  /** part of the username, name, staff no or NRIC */
  search: z.string().trim().max(100).optional(),
  roleId: id.optional(),
  regionId: id.optional(),
  sectionId: id.optional(),
  status: z.enum(USER_STATUSES).optional(),
  authType: z.enum(AUTH_TYPES).optional(),
});
export type UserFilter = z.infer<typeof UserFilterSchema>;

const idParam = z.coerce.number().int().positive();
/** the filter of GET user/getusers, as query-string fields beside the dataTables paging */
export const UserFilterQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  roleId: idParam.optional(),
  regionId: idParam.optional(),
  sectionId: idParam.optional(),
  status: z.enum(USER_STATUSES).optional(),
  authType: z.enum(AUTH_TYPES).optional(),
});

/** The §3.11 user list row (all statuses) plus what the screen shows beside it. */
export const UserRowSchema = z.object({
  /** app user id */
  userId: z.number().int(),
  /** §3.11: incidentId holds the staff id */
  incidentId: z.number().int(),
  pkStaffId: z.number().int(),
  /** running number of the row in the whole filtered list */
  No: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  nric: z.string().nullable(),
  /** staff number */
  employeeId: z.string(),
  region: z.string(),
  regionId: z.number().int(),
  sectionName: z.string(),
  sectionId: z.number().int(),
  position: z.string(),
  roleId: z.number().int(),
  roleName: z.string(),
  roleLabel: z.string(),
  authType: z.enum(AUTH_TYPES),
  /** 'AKTIF' | 'TIDAK AKTIF' */
  status: z.string(),
  isActive: z.boolean(),
  /** 0: must choose a new password at the next sign-in */
  resetPasswordCount: z.number().int(),
  lastLoginAt: z.string().nullable(),
});
export type UserRow = z.infer<typeof UserRowSchema>;

/** The orderColumn values the user list sorts by. */
export const USER_SORTABLE = [
  'username',
  'displayName',
  'nric',
  'employeeId',
  'region',
  'sectionName',
  'position',
  'roleName',
  'status',
  'lastLoginAt',
] as const;

// ------------------------------------------------------------------------------------------------ staff without a user

export const StaffWithoutAccountFilterSchema = z.object({
  /** part of the name or the staff number */
  search: z.string().trim().max(100).optional(),
  sectionId: id.optional(),
});
export const StaffCandidateSchema = z.object({
  pkStaffId: z.number().int(),
  staffNo: z.string(),
  displayName: z.string(),
  position: z.string(),
  nric: z.string().nullable(),
  sectionId: z.number().int(),
  sectionName: z.string(),
  region: z.string(),
});
export type StaffCandidate = z.infer<typeof StaffCandidateSchema>;

// ------------------------------------------------------------------------------------------------ writes

/** POST user/registration: a user for a member of staff who has none. */
export const UserRegistrationSchema = z
  .object({
    pkStaffId: z.number({ error: 'Pilih kakitangan' }).int().positive('Pilih kakitangan'),
    username: UsernameSchema,
    roleId: z.number({ error: 'Peranan diperlukan' }).int().positive('Peranan diperlukan'),
    authType: z.enum(AUTH_TYPES, { error: 'Jenis pengesahan mesti LOCAL atau LDAP' }),
    /** LOCAL only: the first password, which the user must change at the first sign-in */
    password: z.string().max(200).optional(),
  })
  .superRefine(
    (v, ctx) => {
      if (v.authType === 'LOCAL') {
        const r = passwordRule('Kata laluan awal').safeParse(v.password ?? '');
        if (!r.success) ctx.addIssue({ code: 'custom', path: ['password'], message: r.error.issues[0]?.message ?? 'Kata laluan awal tidak sah' });
      } else if (v.password) {
        ctx.addIssue({ code: 'custom', path: ['password'], message: 'Pengguna LDAP tidak mempunyai kata laluan di sini' });
      }
      // also when other fields are wrong: a form shows every field's problem at once
    },
    { when: (p) => typeof p.value === 'object' && p.value !== null && !Array.isArray(p.value) },
  );
export type UserRegistration = z.input<typeof UserRegistrationSchema>;

export const UserIdsSchema = z.object({
  ids: z.array(id).min(1, 'Pilih sekurang-kurangnya satu pengguna').max(USER_BULK_MAX, `Maksimum ${USER_BULK_MAX} pengguna satu masa`),
});
export type UserIds = z.infer<typeof UserIdsSchema>;

export const ChangeRoleSchema = z.object({
  userId: id,
  roleId: z.number({ error: 'Peranan diperlukan' }).int().positive('Peranan diperlukan'),
});
export type ChangeRole = z.infer<typeof ChangeRoleSchema>;

export const AdminResetPasswordSchema = z.object({
  userId: id,
  newPassword: passwordRule('Kata laluan sementara'),
});
export type AdminResetPassword = z.infer<typeof AdminResetPasswordSchema>;

export const ResetLinkRequestSchema = z.object({ userId: id });

export const ResetLinkSchema = z.object({
  /** the link to hand to the user (the token is in it; the server keeps only its SHA-256) */
  link: z.string(),
  expiresAt: z.string(),
  /** false: no mail server is configured, the administrator hands the link over */
  mailed: z.boolean(),
});
export type ResetLink = z.infer<typeof ResetLinkSchema>;

const token = z
  .string()
  .trim()
  .min(20, 'Token pautan tidak sah')
  .max(200, 'Token pautan tidak sah')
  .regex(/^[A-Za-z0-9_-]+$/, 'Token pautan tidak sah');
export const ResetLinkCheckSchema = z.object({ token });
export const ResetLinkInfoSchema = z.object({ username: z.string(), expiresAt: z.string() });
export type ResetLinkInfo = z.infer<typeof ResetLinkInfoSchema>;
export const ResetLinkUseSchema = z.object({ token, newPassword: passwordRule('Kata laluan baharu') });
export type ResetLinkUse = z.infer<typeof ResetLinkUseSchema>;
