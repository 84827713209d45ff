import { PATHS } from '@contract/paths';
import type { LoginBody, LoginRequest, ResetPasswordRequest, WebUser } from '@contract/auth';
import { apiPost } from '@/lib/api';

export const loginCall = (req: LoginRequest) => apiPost<LoginBody>(PATHS.login, req, { token: false });

export const webUserCall = (token: string) => apiPost<{ user: WebUser }>(PATHS.webUser, {}, { token });

/** Revokes the user's tokens on the server. */
export const logoutCall = (token: string) => apiPost<unknown>(PATHS.logout, {}, { token, timeoutMs: 8_000, quiet: true });

/** Accepts the restricted token of a user who must reset the password. */
export const resetPasswordCall = (req: ResetPasswordRequest, token: string) => apiPost<unknown>(PATHS.resetPassword, req, { token });
