import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { parseResetSearch, parseSigninSearch } from '@/features/auth/auth-search';
import { parseRosterListSearch } from '@/features/roster/roster-search';

// The route search validators are plain code (they load with the router on the first page). These zod/mini schemas
// are what they replaced: the same input must give the same search.
const SigninRef = z.object({
  redirect: z.catch(z.optional(z.string()), undefined),
  reason: z.catch(z.optional(z.enum(['expired', 'signedout'])), undefined),
});
const ResetRef = z.object({ username: z.catch(z.optional(z.string().check(z.maxLength(100))), undefined) });
const RosterRef = z.object({
  date: z.catch(z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined),
  sectionId: z.catch(z.optional(z.coerce.number().check(z.int(), z.positive())), undefined),
  page: z.catch(z.optional(z.coerce.number().check(z.int(), z.gte(0))), undefined),
  size: z.catch(
    z.optional(
      z.coerce.number().check(
        z.int(),
        z.refine((n) => [10, 25, 50].includes(n)),
      ),
    ),
    undefined,
  ),
});
/** undefined keys do not reach the URL */
const defined = (o: object) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

describe('route search params', () => {
  it('/signin: redirect (text) and reason (expired | signedout)', () => {
    expect(parseSigninSearch({ redirect: '/listingroster', reason: 'expired', other: 1 })).toEqual({ redirect: '/listingroster', reason: 'expired' });
    expect(parseSigninSearch({ redirect: 5, reason: 'later' })).toEqual({});
    for (const s of [
      {},
      { redirect: '/x' },
      { reason: 'signedout' },
      { reason: 'EXPIRED' },
      { redirect: null, reason: ['expired'] },
      { redirect: '' },
    ]) {
      expect(parseSigninSearch(s), JSON.stringify(s)).toEqual(defined(SigninRef.parse(s)));
    }
  });

  it('/resetpassword: username up to 100 characters', () => {
    expect(parseResetSearch({ username: 'baharu' })).toEqual({ username: 'baharu' });
    expect(parseResetSearch({ username: 'a'.repeat(101) })).toEqual({});
    for (const s of [{}, { username: 123 }, { username: 'a'.repeat(100) }, { username: 'a'.repeat(101) }, { username: '' }]) {
      expect(parseResetSearch(s), JSON.stringify(s)).toEqual(defined(ResetRef.parse(s)));
    }
  });

  it('/listingroster: date, section, page and page size; anything invalid dropped', () => {
    expect(parseRosterListSearch({ date: '2026-03-01', sectionId: '9', page: 2, size: 25 })).toEqual({
      date: '2026-03-01',
      sectionId: 9,
      page: 2,
      size: 25,
    });
    expect(parseRosterListSearch({ date: '01-03-2026', sectionId: 0, page: -1, size: 20 })).toEqual({});
    const cases = [
      {},
      { date: '2026-3-1' },
      { sectionId: 1.5 },
      { sectionId: '12' },
      { sectionId: 'abc' },
      { sectionId: null },
      { sectionId: '' },
      { page: 0 },
      { page: '' },
      { page: null },
      { page: 1e20 },
      { page: Infinity },
      { size: '50' },
      { size: 100 },
      { size: true },
    ];
    for (const s of cases) expect(parseRosterListSearch(s), JSON.stringify(s)).toEqual(defined(RosterRef.parse(s)));
  });
});
