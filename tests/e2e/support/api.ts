/**
 * The REST API of a running test server, called from the test (Node fetch): to find demo data and to check what the
 * server holds after the browser did its work. One token per user, signed in on first use and again when refused.
 */
import type { IncidentListRow, IncidentSave, IncidentView } from '@contract/incidents';
import { PATHS } from '@contract/paths';
import { STATUS } from '@contract/lookups';
import type { E2eUser } from './users';

export interface ApiAnswer<T> {
  status: number;
  body: T;
  statusMsg: string;
}

export class Api {
  private tokens = new Map<string, string>();
  constructor(private baseUrl: string) {}

  async token(user: E2eUser): Promise<string> {
    const have = this.tokens.get(user.username);
    if (have) return have;
    const res = await fetch(`${this.baseUrl}${PATHS.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user.username, password: user.password }),
    });
    const json = (await res.json()) as { body: { token: string } };
    if (res.status !== 200) throw new Error(`sign-in of ${user.username} failed: ${res.status}`);
    this.tokens.set(user.username, json.body.token);
    return json.body.token;
  }

  /** Forget the tokens (after a server restart with another secret, or their expiry). */
  forget() {
    this.tokens.clear();
  }

  async call<T>(user: E2eUser, method: 'GET' | 'POST', path: string, body?: unknown): Promise<ApiAnswer<T>> {
    const send = async () =>
      fetch(`${this.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${await this.token(user)}`, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
        body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      });
    let res = await send();
    // the token expired (a server started with a short JWT_TTL) or the server restarted with another secret: once more
    if (res.status === 401) {
      this.tokens.delete(user.username);
      res = await send();
    }
    const json = (await res.json().catch(() => ({}))) as { body: T; statusMsg: string };
    return { status: res.status, body: json.body, statusMsg: json.statusMsg };
  }

  /** Open cases the user sees on the dashboard (newest first), with their views. */
  async openCases(user: E2eUser, opts: { assignedToCaller?: boolean; limit?: number } = {}): Promise<IncidentView[]> {
    const list = await this.call<{ rows: IncidentListRow[] }>(user, 'POST', `${PATHS.dashboardDataTables}?length=50&start=0`, {});
    if (list.status !== 200) throw new Error(`dashboard list: ${list.status} ${list.statusMsg}`);
    const final = [STATUS.CLOSED, STATUS.CANCELLED, STATUS.NEGATIVE] as number[];
    const out: IncidentView[] = [];
    for (const row of list.body.rows) {
      const v = await this.call<IncidentView>(user, 'GET', PATHS.incidentViewGet(row.incidentId));
      if (v.status !== 200 || final.includes(v.body.incidentStatusId ?? -1)) continue;
      if (opts.assignedToCaller && !v.body.assignedToCaller) continue;
      out.push(v.body);
      if (out.length >= (opts.limit ?? 1)) break;
    }
    if (!out.length) throw new Error(`no open case for ${user.username} in the demo data`);
    return out;
  }
}

/** Polls `fn` until it returns true (or throws after `timeoutMs`, with `what` in the message). */
export async function until(what: string, fn: () => Promise<boolean>, timeoutMs = 60_000, everyMs = 500): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      if (await fn()) return;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`);
}

/** incident/save of a case as it is now (its version), with changes: another operator's save in a test. */
export function saveOf(v: IncidentView, change: Partial<IncidentSave> = {}): IncidentSave {
  return {
    pkIncidentId: v.pkIncidentId,
    version: v.version,
    pkIncidentSourceId: v.incidentSource.key,
    pkSectionId: v.section.pkSectionId,
    pkDutyRosterId: v.dutyRoster?.pkDutyRosterId ?? null,
    pkIncidentCategoryId: v.incidentCategory.key,
    pkEventLocationId: v.eventLocation!.key,
    pkCardinalDirectionId: v.cardinalDirection.key,
    kilometerMarker: v.kilometerMarker,
    pkHighwayId: v.highway.key,
    ...change,
  } as IncidentSave;
}
