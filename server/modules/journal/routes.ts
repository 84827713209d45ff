import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DataTablesQuerySchema, dataTablesBody, envelope, ErrorEnvelopeSchema, IdParamSchema } from '../../../contract/envelope';
import {
  JournalEntrySaveSchema,
  JournalEntrySchema,
  JournalEntryStatusSchema,
  JournalFilterSchema,
  JournalLinkSaveSchema,
} from '../../../contract/incidents';
import { PATHS } from '../../../contract/paths';
import { requireUser } from '../../plugins/auth';
import { idempotent } from '../../plugins/idempotency';
import { ok, page, writtenAsBuilt } from '../../lib/reply';
import { typed, type AppContext } from '../../lib/context';
import { entriesOfIncident, entriesOfTicket, getEntry, JOURNAL_SAVED, linkEntry, listEntries, markRead, saveEntry } from './service';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };
const TicketParamSchema = z.object({ ticket: z.string().trim().min(1).max(40) });

export async function journalRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const db = ctx.db;
  const common = { tags: ['journal'], security: [{ bearerAuth: [] }] };

  r.post(PATHS.journalEntrySave, {
    config: { permission: 'viewCase' },
    schema: {
      ...common,
      summary: 'Write a journal entry on a case (linked to its subform in the same step); blank is refused',
      body: JournalEntrySaveSchema,
      response: { 200: envelope(JournalEntrySchema), ...errors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => ok(await saveEntry(db, requireUser(request), request.body), JOURNAL_SAVED)),
  });

  r.get(PATHS.journalEntryGetPattern, {
    config: { permission: 'viewCase', read: true },
    schema: {
      ...common,
      summary: 'One journal entry with its attachments',
      params: IdParamSchema,
      response: { 200: envelope(JournalEntrySchema), ...errors },
    },
    handler: async (request) => ok(await getEntry(db, requireUser(request), request.params.id)),
  });

  r.post(PATHS.journalEntryUpdateStatus, {
    config: { permission: 'viewCase' },
    schema: {
      ...common,
      summary: "Read mark (§4.4): a TMC reader appends 'Read by: … Read Date: …' once",
      body: JournalEntryStatusSchema,
      response: { 200: envelope(JournalEntrySchema), ...errors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => {
        const { entry, marked } = await markRead(db, requireUser(request), request.body.pkJournalEntryId);
        return ok(entry, marked ? 'Jurnal telah ditanda sebagai dibaca' : 'Jurnal telah pun ditanda sebagai dibaca');
      }),
  });

  r.post(PATHS.journalSave, {
    config: { permission: 'viewCase' },
    schema: {
      ...common,
      summary: 'Link a journal entry to a subform of its case (idempotent)',
      body: JournalLinkSaveSchema,
      response: { 200: envelope(JournalEntrySchema), ...errors },
    },
    handler: (request, reply) =>
      idempotent(db, request, reply, async (db) => ok(await linkEntry(db, requireUser(request), request.body), JOURNAL_SAVED)),
  });

  r.post(PATHS.journalDataTables, {
    config: { permission: 'viewCase', read: true },
    schema: {
      ...common,
      summary: 'Journal entries of a subform or an incident, newest first',
      querystring: DataTablesQuerySchema,
      body: JournalFilterSchema,
      response: { 200: envelope(dataTablesBody(JournalEntrySchema)), ...errors },
    },
    handler: async (request) => {
      const { rows, recordCount } = await listEntries(db, requireUser(request), request.body, request.query);
      return page(rows, recordCount, request.query);
    },
  });

  r.get(PATHS.journalByIncidentPattern, {
    config: { permission: 'viewCase', read: true },
    serializerCompiler: writtenAsBuilt,
    schema: {
      ...common,
      summary: 'Every journal entry of a case, newest first, with attachments',
      params: IdParamSchema,
      response: { 200: envelope(z.array(JournalEntrySchema)), ...errors },
    },
    handler: async (request) => ok(await entriesOfIncident(db, requireUser(request), request.params.id)),
  });

  r.get(PATHS.journalByTicketPattern, {
    config: { permission: 'viewCase', read: true },
    schema: {
      ...common,
      summary: 'The journal of a case by its ticket number',
      params: TicketParamSchema,
      response: { 200: envelope(z.array(JournalEntrySchema)), ...errors },
    },
    handler: async (request) => ok(await entriesOfTicket(db, requireUser(request), request.params.ticket)),
  });
}
