import { endSession, getToken } from '@/lib/session';
import { logoutCall } from './auth-api';
import { clearRestrictedToken } from './login';

/** Server logout (best effort: offline or a dead token must not keep the user signed in), then local clean-up. */
export async function signOut(): Promise<void> {
  const token = getToken();
  if (token) {
    try {
      await logoutCall(token);
    } catch {
      /* ignored on purpose */
    }
  }
  clearRestrictedToken();
  await endSession();
}
