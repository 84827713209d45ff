import * as z from 'zod/mini';

/*
 * The username-check form's rule (/usernamechecker, src/features/support), a client-side copy built with zod/mini so
 * the screen does not pull in classic zod. It mirrors contract/auth.ts UsernameParamSchema, which the server keeps
 * validating with; tests/unit/auth-schemas.test.ts checks the two agree. Shared code, so no feature reaches into
 * another for it (the password-reset form's rules are in src/features/auth/auth-schemas.ts).
 */

/** Mirrors contract/auth.ts UsernameParamSchema. */
export const UsernameFormSchema = z.object({
  username: z.string().check(z.trim(), z.minLength(1), z.maxLength(100), z.regex(/^[A-Za-z0-9._@-]+$/, 'Nama pengguna tidak sah')),
});
