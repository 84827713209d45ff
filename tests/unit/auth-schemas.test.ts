import { describe, expect, it } from 'vitest';
import { LoginRequestSchema, ResetPasswordRequestSchema, UsernameParamSchema } from '@contract';
import { ResetPasswordFormBaseSchema, ResetPasswordFormSchema } from '@/features/auth/auth-schemas';
import { UsernameFormSchema } from '@/lib/username-schema';
import { checkLoginForm, validateLoginForm } from '@/features/auth/login-form';

// The client forms use copies of the contract's request rules (zod/mini, or plain code for sign-in); they must agree
// with the server's.
type Issue = { path: PropertyKey[]; message: string; code?: string };
const issues = (r: { success: boolean; error?: { issues: Issue[] }; issues?: Issue[] }) =>
  r.success ? [] : (r.error?.issues ?? r.issues ?? []).map((i) => `${i.path.join('.')}:${i.code}:${i.message}`).sort();

describe('client form schemas mirror the contract', () => {
  it('login', () => {
    const cases = [
      { username: 'tmca', password: 'x' },
      { username: '  tmca ', password: 'x' },
      { username: '   ', password: '' },
      { username: 'a'.repeat(101), password: 'p'.repeat(201) },
      { username: 'a'.repeat(100), password: 'p'.repeat(200) },
      { username: ` ${'a'.repeat(100)} `, password: ' ' },
      { username: '', password: 'x' },
      { username: 7, password: null },
      {},
    ];
    for (const c of cases) {
      const a = LoginRequestSchema.safeParse(c);
      const b = validateLoginForm(c);
      expect(b.success, JSON.stringify(c)).toBe(a.success);
      expect(issues(b)).toEqual(issues(a));
      if (a.success && b.success) expect(b.data).toEqual(a.data);
    }
  });

  it('login form check: trimmed values, or the first message per field', () => {
    expect(checkLoginForm({ username: ' tmca ', password: ' p ' })).toEqual({
      values: { username: 'tmca', password: ' p ' },
      errors: {},
    });
    expect(checkLoginForm({ username: 'tmca', password: 'p'.repeat(201) })).toEqual({
      values: {},
      errors: { password: { type: 'too_big', message: 'Too big: expected string to have <=200 characters' } },
    });
    expect(checkLoginForm({ username: '   ', password: '' })).toEqual({
      values: {},
      errors: {
        username: { type: 'too_small', message: 'Nama pengguna diperlukan' },
        password: { type: 'too_small', message: 'Kata laluan diperlukan' },
      },
    });
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
    expect(issues(ResetPasswordFormSchema.safeParse({ ...cases[0], confirmPassword: 'lain' }))).toEqual(['confirmPassword:custom:mismatch']);
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
