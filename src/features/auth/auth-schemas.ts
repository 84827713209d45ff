import * as z from 'zod/mini';

/*
 * Client-side copies of the password-reset form rules, built with zod/mini so that screen does not pull in classic
 * zod. They mirror contract/auth.ts (ResetPasswordRequestSchema), which the server keeps validating with;
 * tests/unit/auth-schemas.test.ts checks the two agree. The sign-in form's rules are in ./login-form.ts (no schema
 * library on the first page); the username check's (UsernameParamSchema) in src/lib/username-schema.ts.
 */

export const ResetPasswordFormBaseSchema = z
  .object({
    userName: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
    oldPassword: z.string().check(z.minLength(1, 'Kata laluan lama diperlukan'), z.maxLength(200)),
    newPassword: z
      .string()
      .check(
        z.minLength(8, 'Kata laluan baharu mesti sekurang-kurangnya 8 aksara'),
        z.maxLength(200),
        z.regex(/[A-Za-z]/, 'Kata laluan baharu mesti mengandungi huruf'),
        z.regex(/[0-9]/, 'Kata laluan baharu mesti mengandungi nombor'),
      ),
  })
  .check(
    z.refine((v) => v.oldPassword !== v.newPassword, {
      path: ['newPassword'],
      message: 'Kata laluan baharu mesti berbeza daripada kata laluan lama',
    }),
  );

/** The reset form: the request plus the confirmation, which must match the new password. */
export const ResetPasswordFormSchema = z.intersection(ResetPasswordFormBaseSchema, z.object({ confirmPassword: z.string() })).check(
  z.superRefine((v, ctx) => {
    if (v.confirmPassword !== v.newPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'mismatch' });
  }),
);
