/**
 * bigMaps/getIncidentAndActivePR served from a cache of its SERIALISED answer (issue #18 item 2): the exact bytes of
 * the envelope, their gzip and brotli made once on demand, and an ETag; a request whose If-None-Match names it gets
 * 304. With 3,000 open cases the answer is about 1 MB of JSON, and building it (a 3,000-row query, the response
 * schema over every row, JSON.stringify) cost hundreds of milliseconds a call for a screen every TMC operator keeps
 * open and refreshes every 15 s (MAP_REFRESH_MS).
 *
 * Scope key: what changes the answer besides the data. The answer depends on the caller only through its scope (the
 * region: the caller's own unless it sees all regions, when it is the one asked for or all; and the section filter,
 * expanded to its section family by the route); it has no role-dependent field and no language-dependent text (the
 * labels are the lookups', the same for everyone). So the key is `region|sections`; a user of another region has
 * another key and can never be answered from this one's entry.
 *
 * Invalidation: a FINGERPRINT of everything the answer shows, read from the database on every request in one
 * statement (a millisecond or two on 3,000 open cases, against hundreds for the answer), and compared to the one the
 * cached answer was built at. Each part is the count and the sum (and a hash sum) of the PostgreSQL row versions
 * (xmin: the transaction that last wrote the row; every insert and update gives the row a new one) of the rows shown:
 *   - cases: the scope's open incidents (a new case, an edit, a status change to or from Tutup/Batal, a delete);
 *   - labels: the lookups, sections and event locations (labels, section names, the beats' ends);
 *   - patrols: the rosters on shift NOW in the scope (a roster starting or ending its shift changes the set; an edit
 *     of a roster, its vehicle), their latest positions (every rondaGps/save that moves one), their member rows,
 *     absences, team members and those people's staff rows, vehicles and call signs, and the open cases assigned to
 *     them (busy / free).
 * Why not an in-process change counter bumped by the write routes: the writes of cases, rosters, teams, leave and
 * fleet live in other modules, in seeds, timers and (on PostgreSQL) possibly other processes; the database sees all
 * of them, so a write anywhere shows on the very next request, with no hook to forget in a future write path.
 *
 * Positions change every 10 s per patrol, so the case part (about 97% of the bytes) and the patrol part are kept
 * apart: a moved patrol rebuilds the patrol part (a few queries, ~100 rows) and splices it with the case part's
 * cached JSON; the 3,000 cases are only read and serialised again when the case or label fingerprint changes.
 *
 * Time: `serverTime` is the time the answer was built and the positions' ages and `stale` flags are as of it (the
 * contract's "server time of the answer, for the ages shown"). A snapshot is valid until the first of its fresh
 * positions turns stale, and at most SNAPSHOT_MAX_AGE_MS, so the ages shown are never older than that.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zc, gzip } from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { MapIncidentSchema, MapRosterSchema } from '../../../contract/maps';
import type { Db } from '../../db/client';
import type { WriteDomain, WriteTracker } from '../../db/write-tracker';
import { mapIncidents, mapRosters } from './big-maps';
import { now as clockNow } from '../../lib/clock';

/** the ages shown are at most this old (a TMC wall refreshes every 15 s) */
export const SNAPSHOT_MAX_AGE_MS = 30_000;
/** scope keys kept (regions, all, section filters; about 2 MB each with 3,000 cases); the least recently used goes first */
export const SNAPSHOT_MAX_ENTRIES = 32;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export interface MapScope {
  /** undefined: every region (a role that sees all, asking for none) */
  regionId?: number;
  /** the section family of the section filter */
  sectionIds?: number[];
}

export type Encoding = 'br' | 'gzip' | 'identity';

export interface Snapshot {
  key: string;
  print: Fingerprint;
  builtAt: Date;
  /** valid until (ms since epoch) */
  expiresAt: number;
  /** the envelope as sent, uncompressed */
  body: Buffer;
  etag: string;
  encoded: Partial<Record<'br' | 'gzip', Promise<Buffer>>>;
}

export interface Fingerprint {
  cases: string;
  labels: string;
  patrols: string;
}

export const scopeKey = (s: MapScope) => `${s.regionId ?? 'all'}|${s.sectionIds ? [...s.sectionIds].sort((a, b) => a - b).join(',') : '*'}`;

/** count:sum of row versions:sum of hashes of (id, version) of a row set `alias` (a hash sum tells an exchange of rows) */
const versions = (alias: string, id = 'id', version = `${alias}.xmin::text::bigint`) =>
  sql.raw(`count(*) || ':' || coalesce(sum(${version}), 0) || ':' || coalesce(sum(hashtext(${alias}.${id}::text || '.' || ${version})), 0)`);

/** The fingerprint of what the answer for this scope shows, now (one statement; see the module comment). */
export async function fingerprint(db: Db, scope: MapScope, now: Date): Promise<Fingerprint> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const caseCond: SQL[] = [sql`(i.status_id is null or i.status_id not in (202, 210))`];
  const rosterCond: SQL[] = [sql`d.starts_at <= ${at}`, sql`d.ends_at > ${at}`];
  if (scope.regionId) {
    caseCond.push(sql`i.region_id = ${scope.regionId}`);
    rosterCond.push(sql`s.region_id = ${scope.regionId}`);
  }
  if (scope.sectionIds) {
    const ids = sql`${sql.param(scope.sectionIds.length ? scope.sectionIds : [-1])}::int[]`;
    caseCond.push(sql`i.section_id = any(${ids})`);
    rosterCond.push(sql`d.section_id = any(${ids})`);
  }
  const res = (await db.execute(sql`
    with r as materialized (
      select d.id, d.team_id, d.vehicle_id, d.xmin::text::bigint as ver from duty_roster d join section s on s.id = d.section_id where ${sql.join(rosterCond, sql` and `)}
    ), people as (
      select m.staff_id from duty_roster_member m where m.duty_roster_id in (select id from r)
      union select t.staff_id from team_member t where t.team_id in (select team_id from r)
    )
    select
      (select ${versions('i')} from incident i where ${sql.join(caseCond, sql` and `)}) as cases,
      concat_ws('|',
        (select ${versions('x', 'key')} from lookup_item x),
        (select ${versions('x')} from section x),
        (select ${versions('x')} from event_location x)) as labels,
      concat_ws('|',
        (select ${versions('r', 'id', 'r.ver')} from r),
        (select ${versions('p', 'duty_roster_id')} from roster_latest_position p where p.duty_roster_id in (select id from r)),
        (select ${versions('m')} from duty_roster_member m where m.duty_roster_id in (select id from r)),
        (select ${versions('a', 'staff_id')} from duty_roster_absence a where a.duty_roster_id in (select id from r)),
        (select ${versions('t')} from team_member t where t.team_id in (select team_id from r)),
        (select ${versions('st')} from staff st where st.id in (select staff_id from people)),
        (select ${versions('v')} from vehicle v where v.id in (select vehicle_id from r)),
        (select ${versions('c')} from call_sign c where c.id in (select v.call_sign_id from vehicle v where v.id in (select vehicle_id from r))),
        (select ${versions('i')} from incident i where i.duty_roster_id in (select id from r)
           and (i.status_id is null or i.status_id not in (202, 210)))) as patrols`)) as unknown as { rows: Fingerprint[] };
  const row = res.rows[0];
  return { cases: String(row.cases), labels: String(row.labels), patrols: String(row.patrols) };
}

const IncidentsJson = z.array(MapIncidentSchema);
const RostersJson = z.array(MapRosterSchema);

/** The answer's parts as the response schema writes them (zod-encoded, keys in schema order, JSON.stringify). */
const json = (schema: z.ZodType, value: unknown) => JSON.stringify(z.encode(schema, value));

export interface CacheStats {
  hits: number;
  builds: number;
  caseBuilds: number;
  /** hits answered on this process's write versions alone, without the fingerprint statement */
  trackerHits: number;
}

/** a map shows cases and labels (data) and patrol positions */
const TRACKED_DOMAINS: WriteDomain[] = ['data', 'positions'];

export class BigMapsCache {
  private snaps = new Map<string, Snapshot>();
  /** the case part's JSON per scope key and the case + label fingerprint it was built at */
  private caseParts = new Map<string, { print: string; json: string }>();
  private building = new Map<string, { print: string; promise: Promise<Snapshot> }>();
  readonly stats: CacheStats = { hits: 0, builds: 0, caseBuilds: 0, trackerHits: 0 };

  /** per scope: the write versions (db/write-tracker.ts) at the last fingerprint that found the snapshot current */
  private checked = new Map<string, { stamp: string; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly staleSeconds: number,
    private readonly statusMsg = 'OK',
    /**
     * this process's write versions and how long they alone are trusted: while no write of this process has been
     * committed since the last fingerprint found a snapshot current, it still is, without asking the database again
     * (the embedded database: this process is its only writer; PostgreSQL: the other servers' writes move the tracker
     * by their notices, db/notify.ts, and while they cannot be heard the tracker is not live and is not trusted)
     */
    private readonly writes?: { tracker: WriteTracker; trustMs: number },
  ) {}

  /** The answer for this scope: the cached snapshot while its fingerprint holds and it has not expired, else a new one. */
  async answer(scope: MapScope, now = clockNow()): Promise<Snapshot> {
    const key = scopeKey(scope);
    const t = now.getTime();
    const known = this.snaps.get(key);
    const stamp = this.writes?.tracker.stamp(TRACKED_DOMAINS);
    // only while the tracker hears every server's writes (db/notify.ts); otherwise the fingerprint decides
    if (known && t < known.expiresAt && this.writes?.tracker.live) {
      const c = this.checked.get(key);
      // age ≥ 0: a clock set back (lib/clock.ts setClock) does not keep trusting a snapshot made at a later now
      if (c && c.stamp === stamp && t >= c.at && t - c.at < this.writes.trustMs) {
        this.stats.hits++;
        this.stats.trackerHits++;
        return known;
      }
    }
    const print = await fingerprint(this.db, scope, now);
    const printKey = `${print.cases}#${print.labels}#${print.patrols}`;
    const snap = this.snaps.get(key);
    if (snap && printKey === `${snap.print.cases}#${snap.print.labels}#${snap.print.patrols}` && now.getTime() < snap.expiresAt) {
      if (stamp !== undefined) this.checked.set(key, { stamp, at: t });
      this.stats.hits++;
      // most recently used last
      this.snaps.delete(key);
      this.snaps.set(key, snap);
      return snap;
    }
    // concurrent requests for the same scope and state share one build
    const pending = this.building.get(key);
    if (pending && pending.print === printKey) return pending.promise;
    const promise = this.build(key, scope, print, now, stamp).finally(() => {
      if (this.building.get(key)?.promise === promise) this.building.delete(key);
    });
    this.building.set(key, { print: printKey, promise });
    return promise;
  }

  /** `stamp`: the write versions read before the fingerprint, under which the new snapshot is current */
  private async build(key: string, scope: MapScope, print: Fingerprint, now: Date, stamp: string | undefined): Promise<Snapshot> {
    this.stats.builds++;
    const casePrint = `${print.cases}#${print.labels}`;
    const cached = this.caseParts.get(key);
    const [casesJson, rosters] = await Promise.all([
      cached && cached.print === casePrint
        ? cached.json
        : mapIncidents(this.db, scope).then((rows) => {
            this.stats.caseBuilds++;
            const j = json(IncidentsJson, rows);
            this.caseParts.set(key, { print: casePrint, json: j });
            return j;
          }),
      mapRosters(this.db, scope, this.staleSeconds, now),
    ]);
    // valid until the first fresh position turns stale (its rounded age passes staleSeconds), at most SNAPSHOT_MAX_AGE_MS
    let expiresAt = now.getTime() + SNAPSHOT_MAX_AGE_MS;
    for (const r of rosters) {
      if (r.location && !r.stale) expiresAt = Math.min(expiresAt, Date.parse(r.location.lastSeen) + this.staleSeconds * 1000 + 500);
    }
    const body = Buffer.from(
      `{"statusCode":200,"statusMsg":${JSON.stringify(this.statusMsg)},"body":{"incidents":${casesJson},"activePR":${json(RostersJson, rosters)},"serverTime":${JSON.stringify(now.toISOString())}}}`,
    );
    const snap: Snapshot = {
      key,
      print,
      builtAt: now,
      expiresAt,
      body,
      etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`,
      encoded: {},
    };
    this.snaps.delete(key);
    this.snaps.set(key, snap);
    if (stamp !== undefined) this.checked.set(key, { stamp, at: now.getTime() });
    while (this.snaps.size > SNAPSHOT_MAX_ENTRIES) {
      const oldest = this.snaps.keys().next().value!;
      this.snaps.delete(oldest);
      this.caseParts.delete(oldest);
      this.checked.delete(oldest);
    }
    return snap;
  }
}

/** The snapshot's body in this encoding, compressed once (brotli at quality 4 as server/plugins/compression.ts, gzip at 6). */
export function encodedBody(snap: Snapshot, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'identity') return Promise.resolve(snap.body);
  let p = snap.encoded[encoding];
  if (!p) {
    p =
      encoding === 'br'
        ? brotli(snap.body, { params: { [zc.BROTLI_PARAM_QUALITY]: 4, [zc.BROTLI_PARAM_SIZE_HINT]: snap.body.length } })
        : gz(snap.body, { level: 6 });
    snap.encoded[encoding] = p;
    p.catch(() => delete snap.encoded[encoding]);
  }
  return p;
}

/**
 * The encoding to answer in from Accept-Encoding: brotli, else gzip, when accepted with a q above 0 (also through
 * `*`), else none. As @fastify/compress: x-no-compression asks for none.
 */
export function negotiateEncoding(accept: string | string[] | undefined, noCompression = false): Encoding {
  if (noCompression || !accept) return 'identity';
  const q = new Map<string, number>();
  for (const part of (Array.isArray(accept) ? accept.join(',') : accept).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const v = qp ? Number(qp.slice(2)) : 1;
    q.set(name, Number.isFinite(v) ? v : 0);
  }
  const ok = (e: string) => (q.has(e) ? q.get(e)! > 0 : (q.get('*') ?? 0) > 0);
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}
