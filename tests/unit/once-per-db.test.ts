import { describe, expect, it } from 'vitest';
import { oncePerDb } from '../../server/db/once-per-db';

describe('oncePerDb', () => {
  it('makes the value once per handle, and one for each handle (a transaction is a handle of its own)', () => {
    const made: object[] = [];
    const of = oncePerDb((db: object) => {
      made.push(db);
      return { db };
    });
    const db = {};
    const tx = {};
    const first = of(db);
    expect(of(db)).toBe(first);
    expect(of(tx)).not.toBe(first);
    expect(of(tx).db).toBe(tx);
    expect(made).toEqual([db, tx]);
  });
});
