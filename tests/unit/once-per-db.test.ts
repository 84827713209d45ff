import { describe, expect, it } from 'vitest';
import { getOrMake, oncePerDb } from '../../server/db/once-per-db';

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

  it("getOrMake makes a key's value the first time only, in a Map or a WeakMap", () => {
    const map = new Map<string, number[]>();
    let made = 0;
    const make = () => [++made];
    const a = getOrMake(map, 'a', make);
    expect(getOrMake(map, 'a', make)).toBe(a);
    expect(getOrMake(map, 'b', make)).toEqual([2]);
    const weak = new WeakMap<object, number[]>();
    const key = {};
    expect(getOrMake(weak, key, make)).toBe(getOrMake(weak, key, make));
    expect(made).toBe(3);
  });
});
