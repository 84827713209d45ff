/**
 * What every report route shares (issue #17): its error answers, the paging query of its tables (REPORT_PAGE_SIZE by
 * default, 5,000 at most) and how a CSV is sent (UTF-8 text with BOM made by toCsv, a dated file name, never cached).
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { DataTablesQuerySchema, ErrorEnvelopeSchema } from '../../../contract/envelope';
import { REPORT_PAGE_SIZE } from '../../../contract/reports';
import { csvDisposition } from '../../lib/data-table';
import { localDate } from '../../lib/time';

export const reportErrors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };

export const ReportPageQuerySchema = DataTablesQuerySchema.extend({ length: z.coerce.number().int().min(1).max(5000).default(REPORT_PAGE_SIZE) });

export const sendCsv = (reply: FastifyReply, name: string, csv: string) =>
  reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', csvDisposition(name, localDate()))
    .header('Cache-Control', 'no-store')
    .send(csv);
