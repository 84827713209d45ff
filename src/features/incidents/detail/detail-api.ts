/**
 * Calls of the incident detail page (§7.3). Reads are react-query fetchers; every write of the page is in this file
 * (the outbox of issue #4 will take them over from here).
 */
import type { AuditRow, AuditSave, AuditSaved, IncidentSave, IncidentSaved, IncidentView, JournalEntry, SubformRecord } from '@contract/incidents';
import { SUBFORMS, type EventTypeId } from '@contract/incident-rules';
import { STATUS } from '@contract/lookups';
import { PATHS } from '@contract/paths';
import { CHILD_LISTS_OF_KIND, type ChildList } from '@contract/child-rules';
import { apiGet, dataTables } from '@/lib/api';
import type { ChildDeleteStep, ChildPlan, ChildRowSet, ChildSaveStep } from '../form/children-io';
import {
  answeredSteps,
  auditItem,
  caseEditItems,
  childItems,
  groupOf,
  ParkedWriteError,
  sendWrites,
  subformWrite,
  type ChildSteps,
} from '../outbox-writes';

// ---------------------------------------------------------------- reads

export const incidentKeys = {
  all: ['incident'] as const,
  view: (id: number) => ['incident', 'view', id] as const,
  audit: (id: number) => ['incident', 'audit', id] as const,
  subform: (type: number, id: number) => ['incident', 'subform', type, id] as const,
  journal: (id: number) => ['incident', 'journal', id] as const,
  children: (type: number, subformId: number) => ['incident', 'children', type, subformId] as const,
};

export const fetchIncidentView = (id: number) => apiGet<IncidentView>(PATHS.incidentViewGet(id));

export const fetchAudit = (id: number) => apiGet<AuditRow[]>(PATHS.auditByIncident(id));

export const fetchSubform = (type: EventTypeId, subformId: number) => apiGet<SubformRecord>(PATHS.subformGet(SUBFORMS[type].path, subformId));

/**
 * Every child list of a subform (§7.3), all at once: one dataTables call per list of the kind, in parallel (§9 page
 * size 100, the server's limit per list).
 */
export async function fetchChildren(type: EventTypeId, subformId: number): Promise<ChildRowSet> {
  const lists: readonly ChildList[] = CHILD_LISTS_OF_KIND[SUBFORMS[type].kind];
  const pages = await Promise.all(
    lists.map((list) => dataTables<unknown>(PATHS.childDataTables(list), { incidentSubFormId: subformId }, { length: 100 })),
  );
  const out: Record<string, unknown[]> = {};
  lists.forEach((list, i) => {
    out[list] = pages[i].rows;
  });
  return out as ChildRowSet;
}

export const fetchJournal = (incidentId: number) => apiGet<JournalEntry[]>(PATHS.journalByIncident(incidentId));

// ---------------------------------------------------------------- writes

/** A subform payload as the subform's save takes it (SUBFORM_SAVE_SCHEMAS of the contract). */
export type SubformPayload = { pkIncidentId?: number; incidentTypeId: number; remark?: string; version?: number } & Record<string, unknown>;

export interface CaseEdit {
  /** the main record; null: the patrol's edit of the further details only (the subform and its lists) */
  incident: IncidentSave | null;
  /** the event type and data of the subform to save after the main record */
  subform: { type: EventTypeId; payload: SubformPayload } | null;
  /** the subform record to delete first, when the event type changed (§4.2) */
  replaces: { type: EventTypeId; subformId: number } | null;
  /** the child lists' deletes and saves after the subform (issue #5) */
  children: ChildPlan | null;
}

/** The child-list steps the server took before a refusal: the form takes their ids so a resend repeats nothing. */
export interface ChildAnswers {
  saves: { step: ChildSaveStep; row: Record<string, unknown> }[];
  deletes: ChildDeleteStep[];
  /** the subform record, when its save went through */
  subform: SubformRecord | null;
}

export interface CaseEditResult {
  /** null for a details-only edit */
  saved: IncidentSaved | null;
  subform: SubformRecord | null;
}

/**
 * Kemaskini → Simpan (§4.2): with a changed event type, first the old subform record is deleted, then the main
 * record is saved, then the new subform; otherwise the main record and then its subform. A changed roster (or a
 * roster chosen for a case back from Ditolak) is a reassignment: incident/save writes its 203 entry itself.
 */
/** Which call of an edit failed: the main record's failures and the subform's have their own §8 messages. */
export class CaseEditError extends Error {
  constructor(
    readonly stage: 'delete' | 'incident' | 'subform' | 'children',
    readonly cause: unknown,
    /** the main record went through (its new version) before the failure */
    readonly saved: IncidentSaved | null,
    /** what of the subform and its child lists went through before the failure */
    readonly answered: ChildAnswers | null = null,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'CaseEditError';
  }
}

export interface WriteContext {
  userId: string;
  ticket: string;
  /** the event type's name (labels) */
  typeName: string;
  /** the edit form's values (a refused edit can be reopened in the form) */
  formValues?: unknown;
  /** a resumed draft of a refused edit: the outbox items it replaces */
  replaces?: string[];
}

/**
 * Through the outbox (issue #4): the main record with its version, then the subform. The old subform of a changed
 * event type is not deleted by the client: incident/save drops it in its own transaction
 * (server/modules/incident/service.ts). `queued`: kept on the device, sent when the line is back.
 */
export async function saveCaseEdit(edit: CaseEdit, ctx: WriteContext & { incidentId: number }): Promise<CaseEditResult & { queued: boolean }> {
  const target = { id: ctx.incidentId, ticket: ctx.ticket };
  const { items, childSteps } = edit.incident
    ? await caseEditItems({
        userId: ctx.userId,
        target,
        incident: edit.incident,
        subform: edit.subform,
        children: edit.children,
        typeName: ctx.typeName,
        formValues: ctx.formValues,
      })
    : edit.subform
      ? subformWrite({
          userId: ctx.userId,
          group: await groupOf(ctx.userId, target),
          target,
          subform: edit.subform,
          children: edit.children,
          typeName: ctx.typeName,
          formValues: ctx.formValues,
        })
      : { items: [], childSteps: new Map() as ChildSteps };
  // the items of the main record and of the subform (absent ones: -1)
  const mainAt = edit.incident ? 0 : -1;
  const subAt = edit.subform ? mainAt + 1 : -1;
  const answerAt = <T>(answers: Record<string, unknown>, at: number) =>
    at >= 0 && items[at] ? ((answers[items[at].clientId!] as T | undefined) ?? null) : null;
  let outcome: Awaited<ReturnType<typeof sendWrites>>;
  try {
    outcome = await sendWrites(items, { replaces: ctx.replaces });
  } catch (err) {
    if (!(err instanceof ParkedWriteError)) throw new CaseEditError('incident', err, null);
    const saved = answerAt<IncidentSaved>(err.answers, mainAt);
    const answered: ChildAnswers = { ...answeredSteps(err.answers, childSteps), subform: answerAt<SubformRecord>(err.answers, subAt) };
    const stage = edit.incident && !saved ? 'incident' : answered.subform ? 'children' : 'subform';
    throw new CaseEditError(stage, err, saved, answered);
  }
  return {
    saved: answerAt<IncidentSaved>(outcome.answers, mainAt)!,
    subform: answerAt<SubformRecord>(outcome.answers, subAt),
    queued: outcome.status === 'queued',
  };
}

/** One incidentAudit/save through the outbox; null when it stays queued on the device. */
export async function saveAudit(
  payload: AuditSave,
  ctx: { userId: string; ticket: string; statusName: string; base: number | null },
): Promise<AuditSaved | null> {
  const item = await auditItem({
    userId: ctx.userId,
    target: { id: payload.incidentId, ticket: ctx.ticket },
    payload,
    statusName: ctx.statusName,
    base: ctx.base,
  });
  const outcome = await sendWrites([item]);
  return (outcome.answers[item.clientId!] as AuditSaved | undefined) ?? null;
}

type AuditCtx = Parameters<typeof saveAudit>[1];

/**
 * The opening times of still-closed lanes before Tutup (issue #5 item 3): their saves through the outbox, in the
 * case's group, so a queued Tutup after them goes only once they are on the server.
 */
export async function saveLaneOpenings(
  plan: ChildPlan,
  ctx: { userId: string; ticket: string; incidentId: number; subformId: number },
): Promise<void> {
  const target = { id: ctx.incidentId, ticket: ctx.ticket };
  const group = await groupOf(ctx.userId, target);
  const { items } = childItems({ userId: ctx.userId, group, target, subform: ctx.subformId, plan });
  if (items.length) await sendWrites(items, { silent: true });
}

/** Tutup (§4.2): 210. */
export const closeCase = (incidentId: number, ctx: AuditCtx) =>
  saveAudit({ incidentId, incidentStatusId: STATUS.CLOSED, datetime: new Date().toISOString() }, ctx);

/** BATALKAN KES (§4.2): 202 with the justification as remark. */
export const cancelCase = (incidentId: number, justification: string, ctx: AuditCtx) =>
  saveAudit({ incidentId, incidentStatusId: STATUS.CANCELLED, remark: justification.trim(), datetime: new Date().toISOString() }, ctx);
