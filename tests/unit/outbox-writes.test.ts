/**
 * The screens' writes as outbox items (src/features/incidents/outbox-writes.ts, src/offline/case-writes.ts): a new
 * case made offline (create + subform by reference), a journal entry with a photo (photo by reference to the entry),
 * status writes (version chain, not in the body), edits (version in the body, no separate delete of the old
 * subform), labels, and the reopening of a refused item as a draft that replaces it.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EVENT_TYPE, STATUS } from '@contract/lookups';
import { PATHS } from '@contract/paths';
import { getDb, resetDbForTests } from '@/offline/db';
import { enqueue, resolveRefs, type OutboxItem } from '@/offline/outbox';
import { auditItem, caseEditItems, newCaseItems, miscItem } from '@/features/incidents/outbox-writes';
import { journalItems, attachmentDeleteItem } from '@/offline/case-writes';
import { reopenItemAsDraft, replacedIds } from '@/features/incidents/new-case/new-case-drafts';
import { newCaseDefaults } from '@/features/incidents/new-case/new-case-submit';
import type { IncidentSave } from '@contract/incidents';

const USER = 'u-1';
const INCIDENT: IncidentSave = {
  pkIncidentSourceId: 1,
  pkSectionId: 9,
  pkSpecificSectionId: null,
  pkDutyRosterId: 300,
  pkIncidentCategoryId: EVENT_TYPE.ACCIDENT,
  pkEventLocationId: 5,
  pkLocationTypeId: null,
  pkCardinalDirectionId: 7,
  pkWeatherConditionId: null,
  pkLightingConditionId: null,
  kilometerMarker: '12.3',
  pkHighwayId: 2,
  latitude: null,
  longtitude: null,
};

beforeEach(async () => {
  await resetDbForTests();
});
afterEach(async () => {
  await resetDbForTests();
});

describe('new case offline', () => {
  it('creates the case under an entity client id and its subform refers to it', () => {
    const form = { ...newCaseDefaults(), kilometerMarker: '12.3' };
    const { entity, items } = newCaseItems({
      userId: USER,
      incident: INCIDENT,
      subform: { type: EVENT_TYPE.ACCIDENT, payload: { pkIncidentId: 0, incidentTypeId: EVENT_TYPE.ACCIDENT, remark: 'X' } },
      typeName: 'Kemalangan',
      formValues: form,
    });
    expect(items).toHaveLength(2);
    const [create, sub] = items;
    expect(create).toMatchObject({
      kind: 'incident.create',
      path: PATHS.incidentSave,
      label: 'Kes baharu — Kemalangan, KM 12.3',
      group: `incident:c:${entity}`,
      creates: { entity, idField: 'pkIncidentId', kind: 'incident' },
      incidentRef: { entity },
      formValues: form,
    });
    expect(sub.kind).toBe('subform.save');
    expect(sub.group).toBe(create.group);
    expect((sub.body as Record<string, unknown>).pkIncidentId).toEqual({ $ref: entity });
    expect(sub.formValues).toBe(form);
    // once the id map knows the case, the subform goes with the server id
    expect(resolveRefs(sub.path, sub.body, new Map())).toBeNull();
    expect((resolveRefs(sub.path, sub.body, new Map([[entity, 77]]))!.body as Record<string, unknown>).pkIncidentId).toBe(77);
  });

  it('enqueued, the subform depends on the creation', async () => {
    const { entity, items } = newCaseItems({
      userId: USER,
      incident: INCIDENT,
      subform: { type: EVENT_TYPE.ACCIDENT, payload: {} },
      typeName: 'Kemalangan',
      formValues: {},
    });
    const rows = await enqueue(getDb(), items);
    expect(rows[0].dependsOn).toEqual([]);
    expect(rows[1].dependsOn).toEqual([entity]);
    expect(rows[0].seq! < rows[1].seq!).toBe(true);
  });
});

describe('child lists (issue #5)', () => {
  const plan = {
    deletes: [{ list: 'involvedVehicle' as const, ids: [12] }],
    saves: [
      {
        list: 'involvedVehicle' as const,
        field: 'vehicles' as const,
        uid: 'n1',
        create: true,
        payload: { pkIncidentVehicleTypeId: 2302, platNumber: 'WXY 1', brand: null },
        label: 'WXY 1',
      },
      {
        list: 'injuryType' as const,
        field: 'injuries' as const,
        uid: 's31',
        create: false,
        payload: { pkInjuryTypeId: 31, pkCasualtyTypeId: 3203, pkRaceTypeId: null, count: 3, pkGenderTypeId: null },
        label: 'x',
      },
    ],
  };

  it('a new case: the children refer to the subform the same write creates, after it, deletes before saves', async () => {
    const { items, childSteps } = newCaseItems({
      userId: USER,
      incident: INCIDENT,
      subform: { type: EVENT_TYPE.ACCIDENT, payload: {} },
      typeName: 'Kemalangan',
      formValues: {},
      children: plan,
    });
    expect(items.map((i) => i.kind)).toEqual(['incident.create', 'subform.save', 'child.delete', 'child.save', 'child.save']);
    const subEntity = items[1].creates!.entity;
    expect(items[1].creates).toEqual({ entity: subEntity, idField: 'subformId', kind: 'subform' });
    expect(items[2]).toMatchObject({ path: PATHS.childDelete('involvedVehicle'), body: [12] });
    expect(items[3]).toMatchObject({
      path: PATHS.childSave('involvedVehicle'),
      body: { platNumber: 'WXY 1', incidentSubFormId: { $ref: subEntity } },
    });
    expect(new Set(items.map((i) => i.group)).size).toBe(1);
    expect([...childSteps.keys()]).toEqual(items.slice(2).map((i) => i.clientId));
    const rows = await enqueue(getDb(), items);
    expect(rows[3].dependsOn).toEqual([subEntity]);
    expect((resolveRefs(rows[3].path, rows[3].body, new Map([[subEntity, 501]]))!.body as Record<string, unknown>).incidentSubFormId).toBe(501);
  });

  it('an edit over an existing subform sends its id, and its child items are part of the main save', async () => {
    const { items } = await caseEditItems({
      userId: USER,
      target: { id: 41, ticket: 'T-1' },
      incident: { ...INCIDENT, pkIncidentId: 41, version: 4 },
      subform: { type: EVENT_TYPE.ACCIDENT, payload: { pkIncidentAccidentId: 88, version: 2 } },
      children: plan,
      typeName: 'Kemalangan',
      formValues: {},
    });
    expect(items.map((i) => i.kind)).toEqual(['incident.update', 'subform.save', 'child.delete', 'child.save', 'child.save']);
    expect(items[1].creates).toBeUndefined();
    expect(items[1].versioned).toEqual({ entity: 'subform:88', base: 2, inBody: true });
    expect(items.slice(1).every((i) => i.partOf === items[0].clientId)).toBe(true);
    expect((items[4].body as Record<string, unknown>).incidentSubFormId).toBe(88);
    expect(items[4].label).toBe('Jenis kecederaan: x — T-1');
  });
});

describe('journal entry with a photo', () => {
  it('on a case created offline: the entry refers to the case, the photo to the entry (a Blob in the item)', async () => {
    const blob = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    const { journalEntity, items } = await journalItems({
      userId: USER,
      target: { entity: 'case-e' },
      entry: 'Tiba di lokasi',
      images: [{ name: 'a.jpg', blob }],
    });
    const [entry, photo] = items;
    expect(entry).toMatchObject({
      kind: 'journal.save',
      path: PATHS.journalEntrySave,
      group: 'incident:c:case-e',
      label: 'Catatan jurnal — kes baharu',
      creates: { entity: journalEntity, idField: 'pkJournalEntryId', kind: 'journal' },
      // the saved entry joins its case's journal kept on the device when acknowledged (src/offline/ack-cache.ts)
      cacheOnAck: { keyPrefix: 'journal:list:', keyField: 'pkIncidentId', idField: 'pkJournalEntryId' },
      body: { entry: 'Tiba di lokasi', pkIncidentId: { $ref: 'case-e' } },
    });
    expect(photo.cacheOnAck).toBeUndefined();
    expect(photo).toMatchObject({
      kind: 'document.save',
      path: PATHS.documentSave,
      group: 'incident:c:case-e',
      body: { tableType: 'JOURNAL_ENTRY', fkTableId: { $ref: journalEntity }, documentName: 'a.jpg', documentType: 'image/jpeg' },
    });
    expect(photo.blob).toBe(blob);
    expect(photo.body).not.toHaveProperty('fileContent');
    const rows = await enqueue(getDb(), items);
    expect(rows[1].dependsOn).toEqual([journalEntity]);
  });

  it('on a known case: the server id and the ticket in the label; the group is the one of the case', async () => {
    const { items } = await journalItems({ userId: USER, target: { id: 41, ticket: 'N9-20261122-0004' }, subformId: 88, entry: 'x' });
    expect(items[0]).toMatchObject({
      label: 'Catatan jurnal — N9-20261122-0004',
      group: 'incident:41',
      body: { pkIncidentId: 41, incidentSubFormId: 88 },
      incidentRef: { id: 41, ticket: 'N9-20261122-0004' },
    });
  });

  it('a case created on this device keeps its entity group after its server id is known', async () => {
    await getDb().idMap.put({ clientId: 'case-e', userId: USER, serverId: 41, serverKey: 'incident:41' });
    const { items } = await journalItems({ userId: USER, target: { id: 41 }, entry: 'x' });
    expect(items[0].group).toBe('incident:c:case-e');
  });
});

describe('status writes and edits', () => {
  it('an audit save moves the version on without carrying it', async () => {
    const item = await auditItem({
      userId: USER,
      target: { id: 41, ticket: 'N9-20261122-0004' },
      payload: { incidentId: 41, incidentStatusId: STATUS.CLOSED },
      statusName: 'Dalam Perjalanan',
      base: 4,
    });
    expect(item).toMatchObject({
      kind: 'audit.save',
      path: PATHS.auditSave,
      label: 'Status: Dalam Perjalanan — N9-20261122-0004',
      group: 'incident:41',
      versioned: { entity: 'incident:41', base: 4, inBody: false },
    });
  });

  it('an edit carries its version; a changed event type queues no delete of the old subform', async () => {
    const { items } = await caseEditItems({
      userId: USER,
      target: { id: 41, ticket: 'T-1' },
      incident: { ...INCIDENT, pkIncidentId: 41, version: 4 },
      subform: { type: EVENT_TYPE.ACCIDENT, payload: { remark: 'R' } },
      typeName: 'Kemalangan',
      formValues: { main: {}, sub: {} },
    });
    expect(items.map((i) => i.kind)).toEqual(['incident.update', 'subform.save']);
    expect(items[0].versioned).toEqual({ entity: 'incident:41', base: 4, inBody: true });
    expect(items[0].label).toBe('Kemaskini kes — T-1');
    // a new subform record: no version chain
    expect(items[1].versioned).toBeUndefined();
    expect(items[1].body).toMatchObject({ pkIncidentId: 41, incidentTypeId: EVENT_TYPE.ACCIDENT });
  });

  it('the subform over its own record carries its version chain', async () => {
    const { items } = await caseEditItems({
      userId: USER,
      target: { id: 41 },
      incident: { ...INCIDENT, pkIncidentId: 41, version: 4 },
      subform: { type: EVENT_TYPE.BREAKDOWN, payload: { pkIncidentBreakdownId: 88, version: 2 } },
      typeName: 'Kerosakan',
      formValues: {},
    });
    expect(items[1].versioned).toEqual({ entity: 'subform:88', base: 2, inBody: true });
  });

  it('writes of their own have their own group', () => {
    const a = miscItem(USER, 'alert.read', 'Amaran ditanda dibaca', PATHS.alertSave, {});
    expect(a.group).toBe(`misc:${a.clientId}`);
    const d = attachmentDeleteItem(USER, 5);
    expect(d).toMatchObject({ kind: 'attachment.delete', path: PATHS.attachmentDelete(5), label: 'Padam lampiran #5' });
  });
});

describe('reopening a refused item', () => {
  it('a new case becomes a draft (same entity) that replaces the create and its subform', async () => {
    const form = { ...newCaseDefaults(), kilometerMarker: '9' };
    const { entity, items } = newCaseItems({
      userId: USER,
      incident: INCIDENT,
      subform: { type: EVENT_TYPE.ACCIDENT, payload: {} },
      typeName: 'Kemalangan',
      formValues: form,
    });
    const { items: journal } = await journalItems({ userId: USER, target: { entity }, entry: 'nota' });
    const rows = await enqueue(getDb(), [...items, ...journal]);
    const create = rows[0] as OutboxItem;
    const to = await reopenItemAsDraft(create);
    expect(to.to).toBe('/kesbaru');
    const draft = await getDb().drafts.get(to.search.draft as string);
    expect(draft).toMatchObject({ kind: 'newCase', userId: USER, replaces: create.clientId, values: { form, entity } });
    // the subform goes with it, the journal entry written for the case stays
    expect(await replacedIds(draft)).toEqual([rows[0].clientId, rows[1].clientId]);
  });

  it('an edit becomes a draft of the detail page', async () => {
    const { items } = await caseEditItems({
      userId: USER,
      target: { id: 41, ticket: 'T-1' },
      incident: { ...INCIDENT, pkIncidentId: 41, version: 4 },
      subform: null,
      typeName: 'K',
      formValues: { main: { a: 1 }, sub: {}, version: 4, subformVersion: null },
    });
    const [row] = await enqueue(getDb(), items);
    const to = await reopenItemAsDraft(row);
    expect(to).toMatchObject({ to: '/insidenView/$insidenId', params: { insidenId: '41' } });
    const draft = await getDb().drafts.get(to.search.draft as string);
    expect(draft).toMatchObject({ kind: 'subform', incidentId: 41, replaces: row.clientId, values: { main: { a: 1 } } });
  });
});
