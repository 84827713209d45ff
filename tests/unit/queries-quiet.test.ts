import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { whenQueriesQuiet } from '@/features/sync/sync-runtime';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the local store waits for the screen’s own requests (whenQueriesQuiet)', () => {
  it('runs once no query has fetched for the quiet time, not while one is under way', async () => {
    const client = new QueryClient();
    let answer!: (v: number) => void;
    const list = client.fetchQuery({ queryKey: ['list'], queryFn: () => new Promise<number>((r) => (answer = r)) });
    let ranAt = 0;
    whenQueriesQuiet(client, () => (ranAt = Date.now()), 60, 5000);
    await sleep(150);
    expect(ranAt, 'a request under way').toBe(0);
    const answeredAt = Date.now();
    answer(1);
    await list;
    await sleep(40);
    expect(ranAt, 'still within the quiet time').toBe(0);
    await sleep(80);
    expect(ranAt).toBeGreaterThanOrEqual(answeredAt + 55);
  });

  it('runs at the cap when the screen never goes quiet, and never after a cancel', async () => {
    const client = new QueryClient();
    void client.fetchQuery({ queryKey: ['poll'], queryFn: () => new Promise(() => {}) });
    let ran = 0;
    whenQueriesQuiet(client, () => ran++, 20, 120);
    const cancel = whenQueriesQuiet(client, () => ran++, 20, 120);
    cancel();
    await sleep(60);
    expect(ran).toBe(0);
    await sleep(120);
    expect(ran, 'the capped one only, once').toBe(1);
  });
});
