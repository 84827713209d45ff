/**
 * Every write of the incident screens goes through the outbox (issue #4): the builders here make the outbox items
 * of a new case, its subform and child lists, an edit and a status step (label for the panel, ordering group,
 * version chain, references to records created offline, the form values to reopen a refused item), and
 * sendWrites() queues them and waits a while for the server's answer, so an online screen behaves as before and an
 * offline one keeps working ('Disimpan dalam peranti — …'). What the journal shares with these screens (the case's
 * group and references, the journal and document items) is in src/offline/case-writes.ts.
 */
import type { AuditSave, IncidentSave } from '@contract/incidents';
import { SUBFORMS, type EventTypeId } from '@contract/incident-rules';
import { PATHS } from '@contract/paths';
import type { ChildPlan } from './form/children-io';
import { ApiError } from '@/lib/api';
import { t } from '@/lib/i18n';
import '@/lib/i18n/parts/offline-writes';
import { getSession } from '@/lib/session';
import { groupOf, incidentIdOrRef, refOf, ticketOf, type IncidentTarget } from '@/offline/case-writes';
import { newId, ref, type NewOutboxItem, type Ref } from '@/offline/outbox';
export { ParkedWriteError, answerOf, miscItem, sendWrites, type WriteOutcome } from '@/offline/writes';
export { groupOf, type IncidentTarget } from '@/offline/case-writes';

export const currentUserId = (): string => {
  const id = getSession()?.user.userId;
  if (!id) throw new ApiError(401, 'UNAUTHORIZED', t('app.unexpected'));
  return id;
};

// ---------------------------------------------------------------- running

// ---------------------------------------------------------------- incident

export interface NewCaseWriteInput {
  userId: string;
  incident: IncidentSave;
  /** the subform's payload (SUBFORM_SAVE_SCHEMAS), without pkIncidentId */
  subform: { type: EventTypeId; payload: Record<string, unknown> } | null;
  /** for the label: the event type's name and the kilometre */
  typeName: string;
  /** the whole form, so a refused item can be reopened in it */
  formValues: unknown;
  /** the entity client id of the new case (made here when not given) */
  entity?: string;
  /** the ordering group (default `incident:c:<entity>`) */
  group?: string;
  /** the subform's child lists (issue #5), created under the new subform */
  children?: ChildPlan | null;
}

export type ChildSteps = Map<string, ChildPlan['saves'][number] | ChildPlan['deletes'][number]>;

/** The child-list steps the server answered (by the items' client ids), for applyChildAnswers. */
export function answeredSteps(answers: Record<string, unknown>, steps: ChildSteps) {
  const out = { saves: [] as { step: ChildPlan['saves'][number]; row: Record<string, unknown> }[], deletes: [] as ChildPlan['deletes'] };
  for (const [clientId, step] of steps) {
    if (!(clientId in answers)) continue;
    if ('ids' in step) out.deletes.push(step);
    else out.saves.push({ step, row: answers[clientId] as Record<string, unknown> });
  }
  return out;
}

/**
 * Hantar of a new case: incident/save creating the case (entity client id, its server id goes to the id map) and
 * the subform save referring to it (`pkIncidentId: ref(entity)`), in one group so they go in order.
 */
export function newCaseItems(input: NewCaseWriteInput): { entity: string; items: NewOutboxItem[]; childSteps: ChildSteps } {
  const entity = input.entity ?? newId();
  const group = input.group ?? `incident:c:${entity}`;
  const label = t('queued.label.newCase', { type: input.typeName, km: input.incident.kilometerMarker });
  const incidentRef = { entity };
  const items: NewOutboxItem[] = [
    {
      clientId: newId(),
      userId: input.userId,
      kind: 'incident.create',
      label,
      path: PATHS.incidentSave,
      body: input.incident,
      group,
      creates: { entity, idField: 'pkIncidentId', kind: 'incident' },
      formValues: input.formValues,
      incidentRef,
    },
  ];
  let childSteps: ChildSteps = new Map();
  if (input.subform) {
    const w = subformWrite({
      userId: input.userId,
      group,
      target: { entity },
      subform: input.subform,
      typeName: input.typeName,
      formValues: input.formValues,
      children: input.children,
    });
    items.push(...w.items);
    childSteps = w.childSteps;
  }
  return { entity, items, childSteps };
}

/**
 * A subform save with its child lists: the subform (a new record's id goes to the id map under an entity the
 * children refer to; an existing one's version chain), then the children's deletes and saves.
 */
export function subformWrite(input: {
  userId: string;
  group: string;
  target: IncidentTarget;
  subform: { type: EventTypeId; payload: Record<string, unknown> };
  typeName: string;
  formValues?: unknown;
  children?: ChildPlan | null;
  partOf?: string;
}): { items: NewOutboxItem[]; childSteps: ChildSteps } {
  const raw = input.subform.payload[SUBFORMS[input.subform.type].idField];
  const subformId = typeof raw === 'number' ? raw : null;
  const base = subformId && typeof input.subform.payload.version === 'number' ? input.subform.payload.version : null;
  const createsEntity = subformId ? undefined : newId();
  const items: NewOutboxItem[] = [
    {
      ...subformItem({
        userId: input.userId,
        group: input.group,
        target: input.target,
        subform: input.subform,
        typeName: input.typeName,
        formValues: input.formValues,
        base,
        subformId,
        createsEntity,
      }),
      ...(input.partOf ? { partOf: input.partOf } : {}),
    },
  ];
  if (!input.children) return { items, childSteps: new Map() };
  const c = childItems({
    userId: input.userId,
    group: input.group,
    target: input.target,
    subform: subformId ?? ref(createsEntity!),
    plan: input.children,
    formValues: input.formValues,
    partOf: input.partOf,
  });
  return { items: [...items, ...c.items], childSteps: c.steps };
}

/** One subform save of a case (new record when the payload has no id; over its own record with its version). */
export function subformItem(input: {
  userId: string;
  group: string;
  target: IncidentTarget;
  subform: { type: EventTypeId; payload: Record<string, unknown> };
  typeName: string;
  formValues?: unknown;
  /** the subform record's version the screen showed (null: a new record) */
  base: number | null;
  /** the subform record's id (version chain) */
  subformId?: number | null;
  /** a new subform record: the entity its id goes to in the id map (child lists refer to it) */
  createsEntity?: string;
}): NewOutboxItem {
  const { type, payload } = input.subform;
  const body = { ...payload, pkIncidentId: incidentIdOrRef(input.target), incidentTypeId: type };
  return {
    clientId: newId(),
    userId: input.userId,
    kind: 'subform.save',
    label: t('queued.label.subform', { type: input.typeName, ticket: ticketOf(input.target) }),
    path: PATHS.subformSave(SUBFORMS[type].path),
    body,
    group: input.group,
    versioned: input.base !== null && input.subformId ? { entity: `subform:${input.subformId}`, base: input.base, inBody: true } : undefined,
    creates: input.createsEntity ? { entity: input.createsEntity, idField: 'subformId', kind: 'subform' } : undefined,
    formValues: input.formValues,
    incidentRef: refOf(input.target),
  };
}

/**
 * The child lists of one subform save (issue #5, §4.7): the deferred deletes first (one call per list), then one
 * save per new or changed item, all in the case's group after the subform save, each with its own Idempotency-Key.
 * `subform` is the subform's id, or a reference to the subform the same write creates. `partOf`: the item whose
 * discard takes these with it (the edit's main save).
 */
export function childItems(input: {
  userId: string;
  group: string;
  target: IncidentTarget;
  subform: number | Ref;
  plan: ChildPlan;
  formValues?: unknown;
  partOf?: string;
}): { items: NewOutboxItem[]; steps: ChildSteps } {
  const ticket = ticketOf(input.target);
  const incidentRef = refOf(input.target);
  const steps: ChildSteps = new Map();
  const items: NewOutboxItem[] = [];
  for (const d of input.plan.deletes) {
    const clientId = newId();
    steps.set(clientId, d);
    items.push({
      clientId,
      userId: input.userId,
      kind: 'child.delete',
      label: t('queued.label.childDelete', { list: t(`queued.list.${d.list}`), count: d.ids.length, ticket }),
      path: PATHS.childDelete(d.list),
      body: d.ids,
      group: input.group,
      formValues: input.formValues,
      incidentRef,
      partOf: input.partOf,
    });
  }
  for (const step of input.plan.saves) {
    const clientId = newId();
    steps.set(clientId, step);
    items.push({
      clientId,
      userId: input.userId,
      kind: 'child.save',
      label: t('queued.label.childSave', { list: t(`queued.list.${step.list}`), item: step.label, ticket }),
      path: PATHS.childSave(step.list),
      body: { ...step.payload, incidentSubFormId: input.subform },
      group: input.group,
      formValues: input.formValues,
      incidentRef,
      partOf: input.partOf,
    });
  }
  return { items, steps };
}

/**
 * Kemaskini → Simpan (§4.2): the main record (its version: a stale one gets 409 with the server's record), then
 * the subform. A changed event type needs no separate delete: incident/save drops the old subform in its own
 * transaction (server/modules/incident/service.ts), so the old record's delete is not queued.
 */
export async function caseEditItems(input: {
  userId: string;
  target: IncidentTarget & { id: number };
  incident: IncidentSave;
  subform: { type: EventTypeId; payload: Record<string, unknown> } | null;
  /** the subform's child lists to send after it (issue #5) */
  children?: ChildPlan | null;
  typeName: string;
  formValues: unknown;
}): Promise<{ items: NewOutboxItem[]; childSteps: ChildSteps }> {
  const group = await groupOf(input.userId, input.target);
  const items: NewOutboxItem[] = [
    {
      clientId: newId(),
      userId: input.userId,
      kind: 'incident.update',
      label: t('queued.label.caseEdit', { ticket: ticketOf(input.target) }),
      path: PATHS.incidentSave,
      body: input.incident,
      group,
      versioned: { entity: group, base: input.incident.version ?? null, inBody: true },
      formValues: input.formValues,
      incidentRef: refOf(input.target),
    },
  ];
  if (input.subform) {
    // one user action: choosing the server's version of the case (discarding the main save) drops its subform too
    const w = subformWrite({
      userId: input.userId,
      group,
      target: input.target,
      subform: input.subform,
      typeName: input.typeName,
      formValues: input.formValues,
      children: input.children,
      partOf: items[0].clientId,
    });
    items.push(...w.items);
    return { items, childSteps: w.childSteps };
  }
  return { items, childSteps: new Map() };
}

/**
 * One incidentAudit/save (patrol steps, Tutup, BATALKAN KES, Tolak). It moves the case's version on without
 * carrying it (`inBody: false`), so the user's later queued edits go on top of it.
 */
export async function auditItem(input: {
  userId: string;
  target: IncidentTarget & { id: number };
  payload: AuditSave;
  statusName: string;
  /** the case version the screen showed */
  base: number | null;
}): Promise<NewOutboxItem> {
  const group = await groupOf(input.userId, input.target);
  return {
    clientId: newId(),
    userId: input.userId,
    kind: 'audit.save',
    label: t('queued.label.status', { status: input.statusName, ticket: ticketOf(input.target) }),
    path: PATHS.auditSave,
    body: input.payload,
    group,
    versioned: { entity: group, base: input.base, inBody: false },
    incidentRef: refOf(input.target),
  };
}
