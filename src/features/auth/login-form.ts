import type { LoginRequest } from '@contract/auth';

/*
 * The sign-in form's rules, written out by hand: the first page then needs no schema library (zod/mini stays for
 * the other forms), nor a form library: the screen keeps its two values in state (react-hook-form loads with the
 * later forms). They mirror contract/auth.ts LoginRequestSchema, messages included; tests/unit/auth-schemas.test.ts
 * checks the two agree.
 */

export interface FormIssue {
  path: [keyof LoginRequest];
  code: 'invalid_type' | 'too_small' | 'too_big';
  message: string;
}

const received = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

function checkString(field: keyof LoginRequest, v: unknown, max: number, requiredText: string, issues: FormIssue[]) {
  if (typeof v !== 'string') {
    issues.push({ path: [field], code: 'invalid_type', message: `Invalid input: expected string, received ${received(v)}` });
    return;
  }
  if (v.length < 1) issues.push({ path: [field], code: 'too_small', message: requiredText });
  if (v.length > max) issues.push({ path: [field], code: 'too_big', message: `Too big: expected string to have <=${max} characters` });
}

/** Username trimmed, 1–100 characters; password 1–200 characters (untrimmed). */
export function validateLoginForm(input: Record<string, unknown>): { success: true; data: LoginRequest } | { success: false; issues: FormIssue[] } {
  const issues: FormIssue[] = [];
  const username = typeof input.username === 'string' ? input.username.trim() : input.username;
  checkString('username', username, 100, 'Nama pengguna diperlukan', issues);
  checkString('password', input.password, 200, 'Kata laluan diperlukan', issues);
  if (issues.length) return { success: false, issues };
  return { success: true, data: { username: username as string, password: input.password as string } };
}

export type LoginFormErrors = Partial<Record<keyof LoginRequest, { type: FormIssue['code']; message: string }>>;

/** The form's values checked: the trimmed values, or the first message per field (as zodResolver reported it). */
export function checkLoginForm(
  values: Record<string, unknown>,
): { values: LoginRequest; errors: LoginFormErrors } | { values: Record<string, never>; errors: LoginFormErrors } {
  const r = validateLoginForm(values);
  if (r.success) return { values: r.data, errors: {} };
  const errors: LoginFormErrors = {};
  for (const i of r.issues) errors[i.path[0]] ??= { type: i.code, message: i.message };
  return { values: {}, errors };
}
