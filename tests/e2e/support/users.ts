/**
 * Demo users of the seed (server/db/seed: DEMO_USERS). The fallback (role name in lower case, the one demo
 * password) is only used if the seed module cannot be loaded.
 */
import { ROLES } from '@contract';

export interface E2eUser {
  username: string;
  password: string;
  roleId: number;
  roleName: string;
  displayName: string;
  section?: string;
}

const FALLBACK: E2eUser[] = ROLES.map((r) => ({
  username: r.name.toLowerCase(),
  password: 'Lebuhraya@2026',
  roleId: r.id,
  roleName: r.name,
  displayName: r.label,
}));

export async function demoUsers(): Promise<E2eUser[]> {
  try {
    const mod = (await import('../../../server/db/seed/index')) as { DEMO_USERS?: E2eUser[] };
    if (Array.isArray(mod.DEMO_USERS) && mod.DEMO_USERS.length) return mod.DEMO_USERS;
  } catch (err) {
    console.warn('[e2e] DEMO_USERS not available, using role-name users', err);
  }
  return FALLBACK;
}
