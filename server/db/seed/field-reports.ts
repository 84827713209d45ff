/**
 * Demo field reports (issue #30 item 2), written by seedDemoData after the demo cases: what a newcomer signed in as
 * `tmca` (Tengah) finds on the dashboard, and `pr` on Syif saya.
 *
 * - two PENDING reports on Tengah rosters on shift at `now` (the demo patrol's N9 roster first, when it is one of
 *   them): one with a small photo (a JPEG drawn here and stored as the server stores every photo,
 *   document/image-check.ts cleanImage), made a few minutes before now; their alerts to the region's TMC users;
 * - one REJECTED two hours ago with its reason, and one ACCEPTED into a demo case of the last day (its first journal
 *   entry is the report, written as the reporting patrol's), with their alerts to the patrol.
 *
 * Times from the seed's `now`. Deterministic: no randomness. Skipped parts when the rosters or the case are missing.
 */
import { and, asc, desc, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { ALERT_CATEGORY_FIELD_REPORT, FIELD_REPORT_LIMITS, FIELD_REPORT_TEXTS, type FieldReportStatus } from '../../../contract/field-report-rules';
import { journalReadStatus } from '../../../contract/incident-rules';
import { EVENT_TYPE } from '../../../contract/lookups';
import { ROLE_IDS } from '../../../contract/roles';
import { patrolUsersOfRoster, raise, tmcUsersOfRegion } from '../../modules/comms/alerts';
import { cleanImage } from '../../modules/document/image-check';
import { localDisplay } from '../../lib/time';
import type { Db } from '../client';
import {
  appUser,
  dutyRoster,
  fieldReport,
  fieldReportPhoto,
  gpsKmMarker,
  incident,
  journalEntry,
  lookupItem,
  section,
  staff,
  teamMember,
} from '../schema';

const MIN = 60_000;
const HOUR = 60 * MIN;

/** A small scene for the demo photo: a road at dusk, its lane marks and a tyre on the left lane (no text, no fonts). */
const DEMO_PHOTO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240">
  <rect width="320" height="110" fill="#8fb3d9"/>
  <rect y="110" width="320" height="130" fill="#4a4f55"/>
  <polygon points="0,240 120,110 200,110 320,240" fill="#5c6167"/>
  <rect x="154" y="130" width="12" height="22" fill="#f2f2f2"/>
  <rect x="152" y="175" width="16" height="30" fill="#f2f2f2"/>
  <rect y="104" width="320" height="8" fill="#2f6b3a"/>
  <circle cx="95" cy="190" r="26" fill="#1b1b1b"/>
  <circle cx="95" cy="190" r="11" fill="#6d6d6d"/>
  <polygon points="250,200 262,160 274,200" fill="#f07f1a"/>
</svg>`;

interface OnShift {
  rosterId: number;
  rosterName: string;
  sectionId: number;
  staffId: number;
  userId: number | null;
  roleName: string;
}

/** Tengah rosters covering `at`, each with one of its people (a patrol user first: the demo's own), demo patrol's first. */
async function rostersCovering(db: Db, regionId: number, at: Date): Promise<OnShift[]> {
  const rows = await db
    .select({
      rosterId: dutyRoster.id,
      rosterName: dutyRoster.dutyRosterName,
      sectionId: dutyRoster.sectionId,
      staffId: teamMember.staffId,
      userId: appUser.id,
    })
    .from(dutyRoster)
    .innerJoin(section, eq(section.id, dutyRoster.sectionId))
    .innerJoin(teamMember, eq(teamMember.teamId, dutyRoster.teamId))
    .leftJoin(appUser, eq(appUser.staffId, teamMember.staffId))
    .where(and(eq(section.regionId, regionId), lte(dutyRoster.startsAt, at), gt(dutyRoster.endsAt, at)))
    .orderBy(
      sql`case when ${appUser.username} in ('pr', 'pr.malam') then 0 when ${appUser.roleId} = ${ROLE_IDS.PR} then 1 else 2 end`,
      asc(dutyRoster.id),
      asc(teamMember.staffId),
    );
  const seen = new Set<number>();
  const out: OnShift[] = [];
  for (const r of rows) {
    if (seen.has(r.rosterId)) continue;
    seen.add(r.rosterId);
    out.push({
      rosterId: r.rosterId,
      rosterName: r.rosterName,
      sectionId: r.sectionId,
      staffId: r.staffId,
      userId: r.userId,
      // the people of a patrol team are patrols (a member without a sign-in account reports through the team's tablet)
      roleName: 'PR',
    });
  }
  return out;
}

/** A kilometre of the section with its marker's position (the 30th marker, or the first). */
async function placeOn(db: Db, sectionId: number) {
  const [m] = await db
    .select({ km: gpsKmMarker.km, latitude: gpsKmMarker.latitude, longitude: gpsKmMarker.longitude })
    .from(gpsKmMarker)
    .where(eq(gpsKmMarker.sectionId, sectionId))
    .orderBy(asc(gpsKmMarker.km))
    .offset(30)
    .limit(1);
  return m ?? null;
}

async function nameOf(db: Db, key: number): Promise<string> {
  const [r] = await db.select({ value: lookupItem.value }).from(lookupItem).where(eq(lookupItem.key, key));
  return r?.value ?? String(key);
}

export async function seedDemoFieldReports(db: Db, opts: { now: Date }): Promise<{ reports: number }> {
  const now = opts.now;
  const [n9] = await db.select({ regionId: section.regionId }).from(section).where(eq(section.name, 'N9'));
  if (!n9) return { reports: 0 };
  const regionId = n9.regionId;
  const direction = 1201;
  let reports = 0;

  const insert = async (
    on: OnShift,
    r: {
      categoryId: number;
      reportedAt: Date;
      note: string | null;
      status: FieldReportStatus;
      place?: { km: number; latitude: number; longitude: number } | null;
      sectionId?: number;
      directionId?: number;
      decided?: { at: Date; staffId: number; userId: number | null; reason?: string; incidentId?: number };
      photo?: Awaited<ReturnType<typeof cleanImage>>;
    },
  ) => {
    const sectionId = r.sectionId ?? on.sectionId;
    const place = r.place === undefined ? await placeOn(db, sectionId) : r.place;
    const [row] = await db
      .insert(fieldReport)
      .values({
        dutyRosterId: on.rosterId,
        reportedByUserId: on.userId,
        reportedByStaffId: on.staffId,
        reportedByRole: on.roleName,
        categoryId: r.categoryId,
        sectionId,
        regionId,
        kilometerMarker: place ? place.km.toFixed(1) : '0.0',
        directionId: r.directionId ?? direction,
        latitude: place?.latitude ?? null,
        longitude: place?.longitude ?? null,
        accuracyMeters: place ? 8 : null,
        note: r.note,
        reportedAt: r.reportedAt,
        createdAt: new Date(r.reportedAt.getTime() + 20_000),
        status: r.status,
        deviceId: 'demo-tablet',
        ...(r.photo
          ? {
              photoName: 'lokasi-kejadian.jpg',
              photoType: r.photo.mime,
              photoByteSize: r.photo.bytes.length,
              photoSha256: r.photo.sha256,
              photoWidth: r.photo.width,
              photoHeight: r.photo.height,
              photoCapturedAt: null,
              photoCapturedAtSource: null,
              photoDeviceTime: new Date(r.reportedAt.getTime() - 30_000),
            }
          : {}),
        ...(r.decided
          ? {
              decidedAt: r.decided.at,
              decidedByStaffId: r.decided.staffId,
              decidedByUserId: r.decided.userId,
              rejectReason: r.decided.reason ?? null,
              incidentId: r.decided.incidentId ?? null,
            }
          : {}),
      })
      .returning({ id: fieldReport.id, km: fieldReport.kilometerMarker });
    if (r.photo) await db.insert(fieldReportPhoto).values({ fieldReportId: row.id, content: r.photo.bytes });
    reports += 1;
    return row;
  };

  // ---- two pending reports on rosters on shift now, with their alerts to the region's TMC users
  const onShift = await rostersCovering(db, regionId, now);
  const tmcUsers = await tmcUsersOfRegion(db, regionId);
  const photo = await cleanImage(await sharp(Buffer.from(DEMO_PHOTO_SVG)).jpeg({ quality: 80 }).toBuffer());
  const pending = [
    { categoryId: EVENT_TYPE.OBSTACLE, minutesAgo: 6, note: 'Tayar lori terbiar di lorong kiri, kenderaan mengelak.', photo },
    { categoryId: EVENT_TYPE.STRAY_ANIMAL, minutesAgo: 18, note: 'Lembu di bahu jalan, belum masuk ke lorong.', photo: undefined },
  ];
  for (const [i, p] of pending.entries()) {
    const on = onShift[i];
    if (!on) break;
    const reportedAt = new Date(now.getTime() - p.minutesAgo * MIN);
    const row = await insert(on, { categoryId: p.categoryId, reportedAt, note: p.note, status: 'PENDING', photo: p.photo });
    const [reporter] = await db.select({ name: staff.displayName }).from(staff).where(eq(staff.id, on.staffId));
    await raise(
      db,
      {
        eventKey: `field-report:${row.id}`,
        category: ALERT_CATEGORY_FIELD_REPORT,
        description: FIELD_REPORT_TEXTS.alertNew(await nameOf(db, p.categoryId), row.km, await nameOf(db, direction), on.rosterName),
        remark: `${reporter?.name ?? ''}, ${localDisplay(reportedAt)}: ${p.note}`,
        sectionId: on.sectionId,
        incidentId: null,
        dutyRosterId: on.rosterId,
        createdAt: new Date(reportedAt.getTime() + 20_000),
      },
      tmcUsers,
    );
  }

  // the TMC user who decided the older two: the demo operator
  const [tmc] = await db.select({ staffId: appUser.staffId, userId: appUser.id }).from(appUser).where(eq(appUser.username, 'tmca')).limit(1);
  if (!tmc) return { reports };

  // ---- one rejected two hours ago (reported 20 minutes before), within decidedHours
  const rejectedAt = new Date(now.getTime() - 2 * HOUR);
  const reportedBefore = new Date(rejectedAt.getTime() - 20 * MIN);
  const [then] = await rostersCovering(db, regionId, reportedBefore);
  if (then && FIELD_REPORT_LIMITS.decidedHours * HOUR > 2 * HOUR) {
    const reason = 'Sudah dilaporkan melalui CCTV dan sedang ditangani oleh kontraktor penyelenggaraan.';
    const row = await insert(then, {
      categoryId: EVENT_TYPE.ROAD_CONDITION,
      reportedAt: reportedBefore,
      note: 'Lubang di lorong tengah.',
      status: 'REJECTED',
      decided: { at: rejectedAt, staffId: tmc.staffId, userId: tmc.userId, reason },
    });
    await raise(
      db,
      {
        eventKey: `field-report-rejected:${row.id}`,
        category: ALERT_CATEGORY_FIELD_REPORT,
        description: FIELD_REPORT_TEXTS.alertRejected(await nameOf(db, EVENT_TYPE.ROAD_CONDITION)),
        remark: reason,
        sectionId: then.sectionId,
        incidentId: null,
        dutyRosterId: then.rosterId,
        createdAt: rejectedAt,
      },
      await patrolUsersOfRoster(db, then.rosterId),
    );
  }

  // ---- one accepted into a demo case of the last day (opened at least an hour ago, on a Tengah roster)
  const [c] = await db
    .select({
      id: incident.id,
      ticketNumber: incident.ticketNumber,
      sectionId: incident.sectionId,
      specificSectionId: incident.specificSectionId,
      subformId: incident.subformId,
      categoryId: incident.categoryId,
      directionId: incident.directionId,
      kilometerMarker: incident.kilometerMarker,
      latitude: incident.latitude,
      longitude: incident.longitude,
      incidentAt: incident.incidentAt,
      rosterId: incident.dutyRosterId,
      rosterName: dutyRoster.dutyRosterName,
      createdByStaffId: incident.createdByStaffId,
      createdByUserId: incident.createdByUserId,
    })
    .from(incident)
    .innerJoin(dutyRoster, eq(dutyRoster.id, incident.dutyRosterId))
    .where(
      and(
        eq(incident.regionId, regionId),
        isNotNull(incident.dutyRosterId),
        gt(incident.incidentAt, new Date(now.getTime() - (FIELD_REPORT_LIMITS.decidedHours - 2) * HOUR)),
        lte(incident.incidentAt, new Date(now.getTime() - HOUR)),
        sql`not exists (select 1 from ${fieldReport} where ${fieldReport.incidentId} = ${incident.id})`,
      ),
    )
    .orderBy(desc(incident.incidentAt))
    .limit(1);
  if (!c?.rosterId) return { reports };
  const [member] = await db
    .select({ staffId: teamMember.staffId, userId: appUser.id })
    .from(dutyRoster)
    .innerJoin(teamMember, eq(teamMember.teamId, dutyRoster.teamId))
    .leftJoin(appUser, eq(appUser.staffId, teamMember.staffId))
    .where(eq(dutyRoster.id, c.rosterId))
    .orderBy(asc(teamMember.staffId))
    .limit(1);
  if (!member) return { reports };
  const reporter: OnShift = {
    rosterId: c.rosterId,
    rosterName: c.rosterName,
    sectionId: c.specificSectionId ?? c.sectionId,
    staffId: member.staffId,
    userId: member.userId,
    roleName: 'PR',
  };
  const reportedAt = new Date(c.incidentAt.getTime() - 4 * MIN);
  const note = 'Kenderaan terhenti di lorong kecemasan, pemandu meminta bantuan.';
  const km = Number.parseFloat(c.kilometerMarker);
  const row = await insert(reporter, {
    categoryId: c.categoryId,
    reportedAt,
    note,
    status: 'ACCEPTED',
    sectionId: reporter.sectionId,
    directionId: c.directionId,
    place: c.latitude !== null && c.longitude !== null && Number.isFinite(km) ? { km, latitude: c.latitude, longitude: c.longitude } : undefined,
    decided: { at: c.incidentAt, staffId: c.createdByStaffId, userId: c.createdByUserId, incidentId: c.id },
  });
  // the case's first journal entry: the report, as the reporting patrol wrote it
  const [reporterStaff] = await db.select({ name: staff.displayName }).from(staff).where(eq(staff.id, member.staffId));
  const [creator] = await db.select({ name: staff.displayName }).from(staff).where(eq(staff.id, c.createdByStaffId));
  await db.insert(journalEntry).values({
    incidentId: c.id,
    subformId: c.subformId,
    staffId: member.staffId,
    roleName: 'PR',
    entry: FIELD_REPORT_TEXTS.journal(c.rosterName, reporterStaff?.name ?? '', localDisplay(reportedAt), note),
    kind: 'NOTE',
    readStatus: journalReadStatus('PR'),
    createdAt: new Date(c.incidentAt.getTime() + 5_000),
  });
  await raise(
    db,
    {
      eventKey: `field-report-accepted:${row.id}`,
      category: ALERT_CATEGORY_FIELD_REPORT,
      description: FIELD_REPORT_TEXTS.alertAccepted(await nameOf(db, c.categoryId), c.ticketNumber),
      remark: `Kes ${c.ticketNumber} dibuka oleh ${creator?.name ?? 'TMC'}`,
      sectionId: c.sectionId,
      incidentId: c.id,
      dutyRosterId: c.rosterId,
      createdAt: c.incidentAt,
    },
    await patrolUsersOfRoster(db, c.rosterId),
  );
  return { reports };
}
