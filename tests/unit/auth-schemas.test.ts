import { describe, expect, it } from 'vitest';
import { LoginRequestSchema, ResetPasswordRequestSchema, UsernameParamSchema } from '@contract';
import { LoginFormSchema, ResetPasswordFormBaseSchema, ResetPasswordFormSchema, UsernameFormSchema } from '@/features/auth/auth-schemas';

// The client forms use zod/mini copies of the contract's request rules; they must agree with the server's.
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`).sort();

describe('client form schemas mirror the contract', () => {
  it('login', () => {
    const cases = [
      { username: 'tmca', password: 'x' },
      { username: '  tmca ', password: 'x' },
      { username: '   ', password: '' },
      { username: 'a'.repeat(101), password: 'p'.repeat(201) },
    ];
    for (const c of cases) {
      const a = LoginRequestSchema.safeParse(c);
      const b = LoginFormSchema.safeParse(c);
      expect(b.success).toBe(a.success);
      expect(issues(b)).toEqual(issues(a));
      if (a.success && b.success) expect(b.data).toEqual(a.data);
    }
  });

  it('reset password', () => {
    const cases = [
      { userName: ' tmca ', oldPassword: 'old', newPassword: 'Baharu2026' },
      { userName: 'tmca', oldPassword: '', newPassword: 'short' },
      { userName: 'tmca', oldPassword: 'x', newPassword: 'abcdefgh' },
      { userName: 'tmca', oldPassword: 'x', newPassword: '12345678' },
      { userName: 'tmca', oldPassword: 'Sama12345', newPassword: 'Sama12345' },
      { userName: '', oldPassword: 'x', newPassword: 'Baharu2026' },
    ];
    for (const c of cases) {
      const a = ResetPasswordRequestSchema.safeParse(c);
      const b = ResetPasswordFormBaseSchema.safeParse(c);
      expect(b.success).toBe(a.success);
      expect(issues(b)).toEqual(issues(a));
      if (a.success && b.success) expect(b.data).toEqual(a.data);
    }
    expect(ResetPasswordFormSchema.safeParse({ ...cases[0], confirmPassword: 'Baharu2026' }).success).toBe(true);
    expect(issues(ResetPasswordFormSchema.safeParse({ ...cases[0], confirmPassword: 'lain' }))).toEqual(['confirmPassword:mismatch']);
  });

  it('username check', () => {
    for (const username of ['tmca', ' tmca ', '', 'bad name!', 'a'.repeat(101), 'ok.user@x-y_z']) {
      const a = UsernameParamSchema.safeParse({ username });
      const b = UsernameFormSchema.safeParse({ username });
      expect(b.success).toBe(a.success);
      expect(issues(b)).toEqual(issues(a));
    }
  });
});
