import * as z from 'zod/mini';
import { LIST_SEARCH_SHAPE, ticketParam } from '@/lib/incident-list';

/** Search params of /cariankes and /incident: the §7.3 filters plus the ticket number, with paging and sorting. */
export const CaseSearchSchema = z.object({ ...LIST_SEARCH_SHAPE, ticket: ticketParam });
export type CaseSearch = z.infer<typeof CaseSearchSchema>;
