/**
 * Ticket numbers made by the server: `<section>-<yyyymmdd>-<nnnn>` (contract TICKET_PATTERN), counted per section
 * and local (Asia/Brunei) date. The counter row is taken with INSERT … ON CONFLICT DO UPDATE … RETURNING, which
 * holds the row lock until the surrounding transaction ends: two saves at once get consecutive numbers, and a
 * rolled-back save gives its number back.
 */
import { sql } from 'drizzle-orm';
import { ticketCounter } from '../../db/schema';
import { localCompact, localYmd, type Tx } from './refs';

export async function nextTicketNumber(tx: Tx, section: { id: number; name: string }, at: Date): Promise<string> {
  const [row] = await tx
    .insert(ticketCounter)
    .values({ sectionId: section.id, day: localYmd(at), last: 1 })
    .onConflictDoUpdate({ target: [ticketCounter.sectionId, ticketCounter.day], set: { last: sql`${sql.raw('ticket_counter.last')} + 1` } })
    .returning({ last: ticketCounter.last });
  return `${section.name}-${localCompact(at)}-${String(row.last).padStart(4, '0')}`;
}
