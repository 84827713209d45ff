import { z } from 'zod';
import { envelope, LookupItemSchema } from './envelope';
import { DutyRosterRowSchema } from './sections';

export const LoginRequestSchema = z.object({
  username: z.string().trim().min(1, 'Nama pengguna diperlukan').max(100),
  password: z.string().min(1, 'Kata laluan diperlukan').max(200),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const RoleRefSchema = z.object({ pkRoleId: z.number().int(), roleName: z.string() });

export const UserSectionSchema = z.object({
  pkSectionId: z.number().int(),
  sectionName: z.string(),
  region: LookupItemSchema.extend({ code: z.string() }),
});

/** A roster the user works on today (login answer, §7.1: "the user's rosters"). */
export const UserRosterSchema = DutyRosterRowSchema.pick({
  pkDutyRosterId: true,
  dutyRosterName: true,
  sectionId: true,
  startDate: true,
  endDate: true,
  startHour: true,
  endHour: true,
  plateNumber: true,
  callSign: true,
});

/** POST /rest/auth/getDetailWebUser → body.user (§7.1). */
export const WebUserSchema = z.object({
  userId: z.string(),
  pkStaffId: z.number().int(),
  resetPasswordCount: z.number().int(),
  roles: z.array(RoleRefSchema).min(1),
  section: UserSectionSchema,
  profile: z.object({ displayName: z.string(), position: z.string(), staffNo: z.string() }),
  rosters: z.array(UserRosterSchema),
});
export type WebUser = z.infer<typeof WebUserSchema>;

export const LoginBodySchema = z.object({ token: z.string(), expiresAt: z.string(), user: WebUserSchema });
export const LoginResponseSchema = envelope(LoginBodySchema);
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const WebUserResponseSchema = envelope(z.object({ user: WebUserSchema }));

export const ResetPasswordRequestSchema = z
  .object({
    userName: z.string().trim().min(1).max(100),
    oldPassword: z.string().min(1, 'Kata laluan lama diperlukan').max(200),
    newPassword: z
      .string()
      .min(8, 'Kata laluan baharu mesti sekurang-kurangnya 8 aksara')
      .max(200)
      .regex(/[A-Za-z]/, 'Kata laluan baharu mesti mengandungi huruf')
      .regex(/[0-9]/, 'Kata laluan baharu mesti mengandungi nombor'),
  })
  .refine((v) => v.oldPassword !== v.newPassword, {
    path: ['newPassword'],
    message: 'Kata laluan baharu mesti berbeza daripada kata laluan lama',
  });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

export const PrimeUserSchema = z.object({
  username: z.string(),
  exists: z.boolean(),
  active: z.boolean(),
  authType: z.string().nullable(),
});
export type PrimeUser = z.infer<typeof PrimeUserSchema>;

export const UsernameParamSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9._@-]+$/, 'Nama pengguna tidak sah'),
});

export const TokenCheckSchema = z.object({ valid: z.literal(true), expiresAt: z.string() });

/** The per-login facts the server keeps in the token. */
export interface TokenClaims {
  sub: string; // user id (numeric, as string)
  uid: string; // username
  rid: number; // role id
  rn: string; // role name
  sid: number; // staff id
  sec: number; // section id
  reg: number; // region id
  /** issued-at in milliseconds, compared with the user's not-before time */
  t: number;
  /** when true the token only allows the password reset */
  pwr?: boolean;
}
