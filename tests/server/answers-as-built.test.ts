/**
 * Routes whose answer is written as the server built it (server/lib/reply.ts writtenAsBuilt), not through zod's
 * serializer: for each, on real answers (the seeded cases and a new accident case with every child list filled), zod
 * would have written the very same bytes. The answer read back and encoded with the route's response schema
 * stringifies to the text that was sent: no key the schema would strip, none in another order, no value it would
 * refuse or transform. Error answers of the same routes (404, 403, 400) too: the route's serializer writes them. The
 * patrol's shift too: dutyroster/get, dailyAssetChecklist/forRoster and activityLog/dataTables, on the seeded rosters. The
 * dashboard's list and counters (the most polled calls), with every order and the filters of the screens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { CHILD_LISTS_OF_KIND, CHILD_ROW_SCHEMAS, type ChildList } from '../../contract/child-lists';
import { dataTablesBody, envelope, ErrorEnvelopeSchema } from '../../contract/envelope';
import { ACTIVITY_PATHS } from '../../contract/activity-log-rules';
import { ActivityLogRowSchema } from '../../contract/activity-log';
import { CHECKLIST_PATHS } from '../../contract/checklist-rules';
import { ChecklistFormSchema } from '../../contract/checklist';
import {
  AuditRowSchema,
  DashboardItemsCountSchema,
  IncidentItemsCountSchema,
  IncidentPageSchema,
  IncidentViewRowSchema,
  JournalEntrySchema,
  SubformRecordSchema,
} from '../../contract/incidents';
import { RosterDetailSchema } from '../../contract/rosters';
import { ROSTER_PATHS } from '../../contract/rosters-rules';
import { EVENT_TYPE_IDS, SUBFORMS, type EventTypeId } from '../../contract/incident-rules';
import { PATHS } from '../../contract/paths';
import { nowMs } from '../../server/lib/clock';
import { buildTestApp, call, login } from './support/build';
import { newCasePayload, saveCase, saveSubformCall } from './support/incident-fixtures';

const ago = (minutes: number) => new Date(nowMs() - minutes * 60_000).toISOString();

/** Two items of each list of an accident subform, nulls and values both (tests/server/child-lists.test.ts's). */
const ITEMS: Record<ChildList, Record<string, unknown>[]> = {
  involvedVehicle: [
    { pkIncidentVehicleTypeId: 2302, platNumber: 'wxy  1234', brand: 'Perodua Myvi' },
    { pkIncidentVehicleTypeId: 2306, platNumber: 'BPM 772', brand: null },
  ],
  collisionList: [
    { pkCollisionTypeId: 265, pkStrayAnimalTypeId: 2601 },
    { pkCollisionTypeId: 266, pkObstacleObejctTypeId: 1801 },
  ],
  roadLaneSelection: [{ pkRoadLaneId: 2201 }, { pkRoadLaneId: 2205 }],
  requestFurtherActionList: [
    {
      pkFurtherActionId: 2001,
      isNotified: true,
      isArrived: false,
      isCompleted: false,
      notifiedDateTime: ago(30),
      arrivedDateTime: null,
      completedDateTime: null,
      recordCreatedDate: ago(30),
    },
  ],
  roadFurnitureList: [{ pkRoadFurnitureId: 3801, pkRoadFurnitureConditionId: 2702, count: 12.5, pkUnitUkuranId: 3402 }],
  roadLaneClosureList: [
    { pkRoadlaneid: 2201, pkCardinalDirectionId: 1201, initialClosingTime: ago(40), openingTime: null },
    { pkRoadlaneid: 2201, pkCardinalDirectionId: 1201, initialClosingTime: ago(40), openingTime: ago(5) },
  ],
  trafficJam: [{ distance: '2.5', startTime: ago(45), endTime: null }],
  injuryType: [
    { pkCasualtyTypeId: 3203, pkRaceTypeId: 3301, count: 2, pkGenderTypeId: 3501 },
    { pkCasualtyTypeId: 3202, pkRaceTypeId: null, count: 3, pkGenderTypeId: null },
  ],
};

/** The text sent is what zod's serializer (fastify-type-provider-zod: encode, then JSON.stringify) would have sent. */
function asZodWouldWrite(schema: z.ZodType, res: { statusCode: number; body: string }) {
  const again = JSON.stringify(z.encode(schema, JSON.parse(res.body)));
  let at = 0;
  while (at < again.length && again[at] === res.body[at]) at++;
  const near = (text: string) => text.slice(Math.max(0, at - 120), at + 120);
  expect(again, `${res.statusCode}: from character ${at}, sent …${near(res.body)}… zod would write …${near(again)}…`).toBe(res.body);
}

describe('answers written as built: the same bytes as zod would write', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let tmca: string;
  let superadmin: string;
  let utara: string;
  let caseId: number;
  let subformId: number;
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await app.ctx.db.execute(q)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    app = await buildTestApp();
    tmca = (await login(app, 'tmca')).token;
    superadmin = (await login(app, 'superadmin')).token;
    utara = (await login(app, 'tmca.utara')).token;
    const res = await saveCase(app, tmca, await newCasePayload(app));
    expect(res.statusCode, res.body).toBe(200);
    caseId = res.json().body.pkIncidentId;
    const sub = await saveSubformCall(app, tmca, 'incidentAccident', { pkIncidentId: caseId, incidentTypeId: 184, pkCasualTypeId: 1603 });
    expect(sub.statusCode, sub.body).toBe(200);
    subformId = sub.json().body.subformId;
    for (const list of CHILD_LISTS_OF_KIND.accident) {
      for (const item of ITEMS[list]) {
        const saved = await call(app, tmca, { method: 'POST', url: PATHS.childSave(list), payload: { incidentSubFormId: subformId, ...item } });
        expect(saved.statusCode, `${list} ${saved.body}`).toBe(200);
      }
    }
    const note = await call(app, tmca, {
      method: 'POST',
      url: PATHS.journalEntrySave,
      payload: { entry: 'Nota ujian', incidentSubFormId: subformId },
    });
    expect(note.statusCode, note.body).toBe(200);
  });
  afterAll(async () => app?.cleanup());

  it('<list>/dataTables: the new case’s lists, the seeded cases’ lists, an empty page, both directions', async () => {
    for (const list of CHILD_LISTS_OF_KIND.accident) {
      const schema = envelope(dataTablesBody(CHILD_ROW_SCHEMAS[list]));
      for (const qs of ['length=100&start=0', 'length=1&start=1&direction=desc', 'length=10&start=50']) {
        const res = await call(app, tmca, { method: 'POST', url: `${PATHS.childDataTables(list)}?${qs}`, payload: { incidentSubFormId: subformId } });
        expect(res.statusCode, res.body).toBe(200);
        if (qs.startsWith('length=100')) expect(res.json().body.rows.length).toBe(ITEMS[list].length);
        asZodWouldWrite(schema, res);
      }
    }
    // the seeded subforms with the most live items of each list
    const seeded = await rows<{ table: string; subform_id: number }>(sql`
      select t.table, t.subform_id from (
        select 'involvedVehicle' as table, subform_id, count(*) as n from involved_vehicle where deleted_at is null group by subform_id
        union all select 'collisionList', subform_id, count(*) from collision_list where deleted_at is null group by subform_id
        union all select 'roadLaneSelection', subform_id, count(*) from road_lane_selection where deleted_at is null group by subform_id
        union all select 'requestFurtherActionList', subform_id, count(*) from further_action_item where deleted_at is null group by subform_id
        union all select 'roadFurnitureList', subform_id, count(*) from road_furniture_damage where deleted_at is null group by subform_id
        union all select 'roadLaneClosureList', subform_id, count(*) from lane_closure where deleted_at is null group by subform_id
        union all select 'trafficJam', subform_id, count(*) from traffic_jam where deleted_at is null group by subform_id
        union all select 'injuryType', subform_id, count(*) from injury where deleted_at is null group by subform_id
      ) t join incident_subform s on s.id = t.subform_id and s.deleted_at is null
      order by t.n desc, t.subform_id limit 60`);
    const seen = new Set<string>();
    for (const { table, subform_id } of seeded) {
      const list = table as ChildList;
      const res = await call(app, superadmin, {
        method: 'POST',
        url: `${PATHS.childDataTables(list)}?length=100&start=0`,
        payload: { incidentSubFormId: subform_id },
      });
      if (res.statusCode === 400) continue; // the list is not one of that subform's kind
      expect(res.statusCode, res.body).toBe(200);
      asZodWouldWrite(envelope(dataTablesBody(CHILD_ROW_SCHEMAS[list])), res);
      seen.add(list);
    }
    expect(seen.size).toBeGreaterThan(0);
  });

  it('<list>/dataTables errors: 404 (no such subform), 403 (another region), 400 (a list of another kind, bad paging)', async () => {
    const list = 'involvedVehicle';
    const url = `${PATHS.childDataTables(list)}?length=100&start=0`;
    const missing = await call(app, tmca, { method: 'POST', url, payload: { incidentSubFormId: 987_654_321 } });
    expect(missing.statusCode).toBe(404);
    asZodWouldWrite(ErrorEnvelopeSchema, missing);
    const other = await call(app, utara, { method: 'POST', url, payload: { incidentSubFormId: subformId } });
    expect(other.statusCode).toBe(403);
    asZodWouldWrite(ErrorEnvelopeSchema, other);
    const badPage = await call(app, tmca, {
      method: 'POST',
      url: `${PATHS.childDataTables(list)}?length=0`,
      payload: { incidentSubFormId: subformId },
    });
    expect(badPage.statusCode).toBe(400);
    asZodWouldWrite(ErrorEnvelopeSchema, badPage);
    const [breakdown] = await rows<{ id: number }>(
      sql`select id from incident_subform where type_id <> 184 and deleted_at is null order by id limit 1`,
    );
    if (breakdown) {
      const wrongKind = await call(app, superadmin, { method: 'POST', url, payload: { incidentSubFormId: breakdown.id } });
      expect(wrongKind.statusCode).toBe(400);
      asZodWouldWrite(ErrorEnvelopeSchema, wrongKind);
    }
  });

  it('<subform>/get: every type (the new case’s and a seeded one of each), and its errors', async () => {
    const schema = envelope(SubformRecordSchema);
    const mine = await call(app, tmca, { method: 'GET', url: PATHS.subformGet(SUBFORMS[184].path, subformId) });
    expect(mine.statusCode, mine.body).toBe(200);
    asZodWouldWrite(schema, mine);
    let types = 0;
    for (const typeId of EVENT_TYPE_IDS) {
      const found = await rows<{ id: number }>(
        sql`select id from incident_subform where type_id = ${typeId} and deleted_at is null order by id desc limit 3`,
      );
      for (const { id } of found) {
        const res = await call(app, superadmin, { method: 'GET', url: PATHS.subformGet(SUBFORMS[typeId as EventTypeId].path, id) });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().body[SUBFORMS[typeId as EventTypeId].idField]).toBe(id);
        asZodWouldWrite(schema, res);
      }
      if (found.length) types++;
    }
    expect(types).toBeGreaterThan(1);
    for (const [token, path, status] of [
      [tmca, PATHS.subformGet(SUBFORMS[184].path, 987_654_321), 404],
      [utara, PATHS.subformGet(SUBFORMS[184].path, subformId), 403],
      [tmca, PATHS.subformGet(SUBFORMS[185 as EventTypeId]?.path ?? 'incidentBreakdown', subformId), 404],
      [tmca, `${PATHS.subformGet(SUBFORMS[184].path, 1).slice(0, -1)}x`, 400],
    ] as const) {
      const res = await call(app, token, { method: 'GET', url: path });
      expect(res.statusCode, `${path} ${res.body}`).toBe(status);
      asZodWouldWrite(ErrorEnvelopeSchema, res);
    }
  });

  it('incidentAudit/getByIncidentId: the new case and the seeded cases with the longest trails, and its errors', async () => {
    const schema = envelope(z.array(AuditRowSchema));
    const ids = [
      caseId,
      ...(
        await rows<{ incident_id: number }>(
          sql`select incident_id from incident_audit group by incident_id order by count(*) desc, max(remark) nulls last, incident_id limit 15`,
        )
      ).map((r) => r.incident_id),
    ];
    for (const id of ids) {
      const res = await call(app, superadmin, { method: 'GET', url: PATHS.auditByIncident(id) });
      expect(res.statusCode, res.body).toBe(200);
      asZodWouldWrite(schema, res);
    }
    const missing = await call(app, tmca, { method: 'GET', url: PATHS.auditByIncident(987_654_321) });
    expect(missing.statusCode).toBe(404);
    asZodWouldWrite(ErrorEnvelopeSchema, missing);
    const other = await call(app, utara, { method: 'GET', url: PATHS.auditByIncident(caseId) });
    expect(other.statusCode).toBe(403);
    asZodWouldWrite(ErrorEnvelopeSchema, other);
  });

  it('incidentView/dataTables: by id (the new case, seeded cases with and without a status), by section, the region, both directions, a page past the end, and its errors', async () => {
    const schema = envelope(dataTablesBody(IncidentViewRowSchema));
    const url = (qs: string) => `${PATHS.incidentViewDataTables}?${qs}`;
    const seeded = await rows<{ id: number }>(
      sql`(select id from incident where status_id is null order by id limit 3) union all (select id from incident where status_id is not null order by id desc limit 5)`,
    );
    for (const id of [caseId, ...seeded.map((r) => r.id)]) {
      for (const qs of ['length=10&start=0', 'length=10&start=10']) {
        const res = await call(app, superadmin, { method: 'POST', url: url(qs), payload: { incidentId: id } });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().body.recordCount).toBe(1);
        asZodWouldWrite(schema, res);
      }
    }
    const [n9] = await rows<{ id: number }>(sql`select id from section where name = 'N9' limit 1`);
    for (const [payload, qs] of [
      [{ sectionId: n9.id }, 'length=25&start=0'],
      [{ incidentId: caseId, sectionId: n9.id }, 'length=25&start=0'],
      [{}, 'length=25&start=0&orderColumn=ticketNumber&direction=asc'],
      [{}, 'length=25&start=5000'],
    ] as const) {
      const res = await call(app, tmca, { method: 'POST', url: url(qs), payload });
      expect(res.statusCode, res.body).toBe(200);
      asZodWouldWrite(schema, res);
    }
    const missing = await call(app, tmca, { method: 'POST', url: url('length=10&start=0'), payload: { incidentId: 987_654_321 } });
    expect(missing.statusCode).toBe(404);
    asZodWouldWrite(ErrorEnvelopeSchema, missing);
    const other = await call(app, utara, { method: 'POST', url: url('length=10&start=0'), payload: { incidentId: caseId } });
    expect(other.statusCode).toBe(403);
    asZodWouldWrite(ErrorEnvelopeSchema, other);
    const bad = await call(app, tmca, { method: 'POST', url: url('length=0'), payload: { incidentId: caseId } });
    expect(bad.statusCode).toBe(400);
    asZodWouldWrite(ErrorEnvelopeSchema, bad);
  });

  it('journal/getAllByIncident: the new case and the seeded cases with the most entries and attachments, and its errors', async () => {
    const schema = envelope(z.array(JournalEntrySchema));
    const ids = [
      caseId,
      ...(
        await rows<{ incident_id: number }>(sql`
          select j.incident_id from journal_entry j left join attachment a on a.journal_entry_id = j.id
          group by j.incident_id order by count(a.id) desc, count(*) desc, j.incident_id limit 15`)
      ).map((r) => r.incident_id),
    ];
    for (const id of ids) {
      const res = await call(app, superadmin, { method: 'GET', url: PATHS.journalByIncident(id) });
      expect(res.statusCode, res.body).toBe(200);
      asZodWouldWrite(schema, res);
    }
    const missing = await call(app, tmca, { method: 'GET', url: PATHS.journalByIncident(987_654_321) });
    expect(missing.statusCode).toBe(404);
    asZodWouldWrite(ErrorEnvelopeSchema, missing);
    const other = await call(app, utara, { method: 'GET', url: PATHS.journalByIncident(caseId) });
    expect(other.statusCode).toBe(403);
    asZodWouldWrite(ErrorEnvelopeSchema, other);
  });

  it('the patrol’s shift: dutyroster/get, dailyAssetChecklist/forRoster, activityLog/dataTables (by roster, by day), and their errors', async () => {
    const pr = (await login(app, 'pr')).token;
    // the rosters with the most activity entries and checklists (and pr's own), as a manager and as the patrol
    const busiest = await rows<{ id: number }>(sql`
      select r.id from duty_roster r
      left join activity_log a on a.duty_roster_id = r.id
      left join daily_asset_checklist c on c.duty_roster_id = r.id
      group by r.id order by count(distinct c.id) desc, count(a.id) desc, r.id desc limit 8`);
    const own = await rows<{ id: number }>(sql`
      select r.id from duty_roster r join team_member tm on tm.team_id = r.team_id join app_user u on u.staff_id = tm.staff_id
      where u.username = 'pr' order by (select count(*) from activity_log a where a.duty_roster_id = r.id) desc, r.starts_at desc limit 4`);
    expect(own.length).toBeGreaterThan(0);
    const rosterSchema = envelope(RosterDetailSchema);
    const formSchema = envelope(ChecklistFormSchema);
    const activitySchema = envelope(dataTablesBody(ActivityLogRowSchema));
    let withEntries = 0;
    let withChecklist = 0;
    for (const [token, list] of [
      [superadmin, busiest],
      [pr, own],
    ] as const) {
      for (const { id } of list) {
        const roster = await call(app, token, { method: 'GET', url: ROSTER_PATHS.get(id) });
        expect(roster.statusCode, roster.body).toBe(200);
        asZodWouldWrite(rosterSchema, roster);
        const form = await call(app, token, { method: 'GET', url: CHECKLIST_PATHS.forRoster(id) });
        expect(form.statusCode, form.body).toBe(200);
        asZodWouldWrite(formSchema, form);
        if (form.json().body.checklist) withChecklist++;
        const log = await call(app, token, { method: 'POST', url: `${ACTIVITY_PATHS.dataTables}?length=100&start=0`, payload: { dutyRosterId: id } });
        expect(log.statusCode, log.body).toBe(200);
        asZodWouldWrite(activitySchema, log);
        const entries = log.json().body as { rows: { occurredAt: string }[]; recordCount: number };
        if (entries.rows.length) {
          withEntries++;
          // the other way round, and a page past the end that still says the total
          const back = await call(app, token, {
            method: 'POST',
            url: `${ACTIVITY_PATHS.dataTables}?length=100&start=0&direction=desc`,
            payload: { dutyRosterId: id },
          });
          asZodWouldWrite(activitySchema, back);
          expect(back.json().body.recordCount).toBe(entries.recordCount);
          expect(back.json().body.rows.map((r: { occurredAt: string }) => r.occurredAt)).toEqual(entries.rows.map((r) => r.occurredAt).reverse());
          const past = await call(app, token, {
            method: 'POST',
            url: `${ACTIVITY_PATHS.dataTables}?length=10&start=100000`,
            payload: { dutyRosterId: id },
          });
          asZodWouldWrite(activitySchema, past);
          expect(past.json().body).toMatchObject({ rows: [], recordCount: entries.recordCount });
        }
      }
    }
    expect(withEntries).toBeGreaterThan(0);
    expect(withChecklist).toBeGreaterThan(0);
    // a day's entries of the caller's scope, and a page past the end
    for (const qs of ['length=100&start=0', 'length=5&start=5&direction=desc', 'length=10&start=100000']) {
      const day = await call(app, tmca, { method: 'POST', url: `${ACTIVITY_PATHS.dataTables}?${qs}`, payload: {} });
      expect(day.statusCode, day.body).toBe(200);
      asZodWouldWrite(activitySchema, day);
    }
    for (const [res, status] of [
      [await call(app, tmca, { method: 'GET', url: ROSTER_PATHS.get(987_654_321) }), 404],
      [await call(app, utara, { method: 'GET', url: ROSTER_PATHS.get(own[0].id) }), 403],
      [await call(app, tmca, { method: 'GET', url: CHECKLIST_PATHS.forRoster(987_654_321) }), 404],
      [await call(app, utara, { method: 'GET', url: CHECKLIST_PATHS.forRoster(own[0].id) }), 403],
      [
        await call(app, tmca, { method: 'POST', url: `${ACTIVITY_PATHS.dataTables}?length=100&start=0`, payload: { dutyRosterId: 987_654_321 } }),
        404,
      ],
      [await call(app, utara, { method: 'POST', url: `${ACTIVITY_PATHS.dataTables}?length=100&start=0`, payload: { dutyRosterId: own[0].id } }), 403],
      [await call(app, tmca, { method: 'POST', url: `${ACTIVITY_PATHS.dataTables}?length=0`, payload: {} }), 400],
    ] as const) {
      expect(res.statusCode, res.body).toBe(status);
      asZodWouldWrite(ErrorEnvelopeSchema, res);
    }
  });
  it('the dashboard: its list (every order, filters, a page past the end) and its two counters, as the TMC, all regions and a patrol; its errors', async () => {
    const pr = (await login(app, 'pr')).token;
    const listSchema = envelope(IncidentPageSchema);
    const plate = (await rows<{ plate: string }>(sql`select plate_number as plate from involved_vehicle where deleted_at is null limit 1`))[0]?.plate;
    const today = new Date(nowMs() + 8 * 3_600_000).toISOString().slice(0, 10);
    const yearAgo = new Date(nowMs() + 8 * 3_600_000 - 365 * 86_400_000).toISOString().slice(0, 10);
    const filters: Record<string, unknown>[] = [
      {},
      { dateStart: yearAgo, dateEnd: today, searchAllStatus: true },
      { dateStart: yearAgo, dateEnd: today, incidentStatusGroup: 'TINDAKAN' },
      { dateStart: yearAgo, dateEnd: today, incidentCategory: 184 },
      { ticketNumber: 'N9-20*', searchAllStatus: true },
      ...(plate ? [{ plateNumber: plate.slice(0, 3), searchAllStatus: true }] : []),
    ];
    let seenRows = 0;
    let seenPlates = 0;
    for (const [token, extra] of [
      [tmca, {}],
      [superadmin, {}],
      [pr, { assignedToMe: true }],
    ] as const) {
      for (const f of filters) {
        const payload = { ...f, ...extra };
        for (const qs of [
          'length=25&start=0',
          'length=10&start=10&orderColumn=ticketNumber&direction=asc',
          'length=25&start=0&orderColumn=statusKes&direction=desc',
          'length=25&start=0&orderColumn=incidentAt&direction=asc',
          'length=10&start=100000',
        ]) {
          const res = await call(app, token, { method: 'POST', url: `${PATHS.dashboardDataTables}?${qs}`, payload });
          expect(res.statusCode, `${qs} ${JSON.stringify(payload)} ${res.body.slice(0, 200)}`).toBe(200);
          asZodWouldWrite(listSchema, res);
          const body = res.json().body as { rows: { plateNumbers?: string[] }[] };
          seenRows += body.rows.length;
          seenPlates += body.rows.filter((r) => r.plateNumbers?.length).length;
        }
        const types = await call(app, token, { method: 'POST', url: PATHS.dashboardIncidentCount, payload });
        expect(types.statusCode, types.body).toBe(200);
        asZodWouldWrite(envelope(IncidentItemsCountSchema), types);
        const groups = await call(app, token, { method: 'POST', url: PATHS.dashboardItemsCount, payload });
        expect(groups.statusCode, groups.body).toBe(200);
        asZodWouldWrite(envelope(DashboardItemsCountSchema), groups);
      }
    }
    // the answers held rows, and rows with plates (the plate search's)
    expect(seenRows).toBeGreaterThan(100);
    expect(seenPlates).toBeGreaterThan(0);
    for (const [res, status] of [
      [await call(app, tmca, { method: 'POST', url: `${PATHS.dashboardDataTables}?length=0`, payload: {} }), 400],
      [
        await call(app, tmca, {
          method: 'POST',
          url: `${PATHS.dashboardDataTables}?length=10&start=0`,
          payload: { dateStart: today, dateEnd: yearAgo },
        }),
        400,
      ],
      [await call(app, tmca, { method: 'POST', url: PATHS.dashboardIncidentCount, payload: { incidentStatusGroup: 'TIADA' } }), 400],
      [await call(app, tmca, { method: 'POST', url: PATHS.dashboardItemsCount, payload: { sectionId: 'x' } }), 400],
    ] as const) {
      expect(res.statusCode, res.body).toBe(status);
      asZodWouldWrite(ErrorEnvelopeSchema, res);
    }
  });
});
