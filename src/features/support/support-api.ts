import { PATHS } from '@contract/paths';
import type { PrimeUser } from '@contract/auth';
import { apiGet } from '@/lib/api';

export const primeUserCall = (username: string) => apiGet<PrimeUser>(PATHS.primeUser(username), { token: false });

export interface Health {
  status: string;
  db: string;
  version: string;
  uptimeSeconds: number;
}

/** GET /healthz: plain JSON or an envelope; apiGet unwraps either. */
export const healthCall = () => apiGet<Health>(PATHS.health, { token: false, timeoutMs: 10_000, quiet: true });
