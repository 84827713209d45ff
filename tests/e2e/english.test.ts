/**
 * English complete (issue #31 item 3): with English chosen, the main screens of a TMC operator, a section manager
 * and a patrol show no Malay word that has an English form: statuses, case types, shifts, lookup values, chart
 * categories and durations ('1j 54m') included.
 *
 * What stays Malay on purpose, and so is not in MALAY below: texts the spec gives verbatim (e.g. 'Infomasi Asas Kes',
 * 'BATALKAN KES', 'Lampiran Media', 'Pilih sebab kerosakan', 'Sila tambah Kerosakan', the status 'Negative'); proper
 * nouns (region, section, highway and place names such as 'Persimpangan Bertingkat Sungai Buloh' or 'Plaza Tol
 * Jalan Duta', team names such as N9-PAGI-A, call signs such as RONDA N9-1, people's names); and what users wrote
 * (journal entries, field-report notes, remarks, staff positions such as 'PR - Pemandu Peronda' or 'SECTMGR - Pengurus
 * Seksyen'), which is in the language it was written in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { EVENT_TYPE } from '@contract/lookups';
import { LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { sharedServer, type RunningServer } from './support/server';
import { launchBrowser, newContext, screenshot, signIn, syncReady, watchErrors } from './support/browser';
import { demoUsers } from './support/users';
import { Api } from './support/api';
import { createCase, patrolOnShift } from './support/cases';
import { settle, trackRequests } from './support/settle';

/**
 * Malay texts that have English forms (whole words, case as written): lookup values (statuses, case types, sources,
 * directions, lanes, vehicle types, injuries…), shift names, UI words, and the Malay duration unit.
 */
const MALAY = [
  // statuses
  'Tugasan Dihantar',
  'Tugasan Diterima',
  'Tiba di Lokasi',
  'Selesai Bantuan',
  'Selesai Kes',
  'Ditolak',
  'Batal',
  'Tutup',
  'Tiada Status',
  // case types
  'Kemalangan',
  'Kerosakan Kenderaan',
  'Objek Halangan',
  'Haiwan Liar/Terlepas',
  'Keadaan Jalan Berbahaya',
  'Kerosakan Perabot/Aset Jalan',
  'Lain-lain',
  // sources, directions, conditions
  'Orang Awam',
  'Aplikasi Mudah Alih',
  'Kontraktor Penyelenggaraan',
  'Arah Utara',
  'Arah Selatan',
  'Kedua-dua Arah',
  'Cerah',
  'Mendung',
  'Hujan Lebat',
  'Siang',
  // child lists of a case
  'Lorong Kiri',
  'Lorong Tengah',
  'Lorong Kecemasan',
  'Bahu Jalan',
  'Langgar Belakang',
  'Tiada Kecederaan',
  'Cedera Ringan',
  'Lelaki',
  'Perempuan',
  'Kereta',
  'Motosikal',
  'Bantuan Peronda di Lokasi',
  // shifts and roster words
  'Syif Pagi',
  'Syif Malam',
  'Pagi',
  'Malam',
  'Waktu Pejabat',
  'Ketua Pasukan',
  'Rondaan Biasa',
  // activity log events
  'Mula Syif',
  'Tamat Syif',
  'Mula Rondaan',
  'Tamat Rondaan',
  'Pemeriksaan Kenderaan',
  // common UI words
  'Simpan',
  'Tarikh',
  'Tiada',
  'Selesai',
  'Senarai',
  'Carian',
  'Kembali',
  'Jumlah',
  'Laporan',
];

/** A duration with the Malay hour unit ('1j 54m', '4,656j 00m'). */
const MALAY_DURATION = /\b\d[\d,]*j \d{2}m\b/;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const PATTERNS = MALAY.map((w) => ({ word: w, re: new RegExp(`(?<![\\p{L}\\d-])${escapeRe(w)}(?![\\p{L}\\d-])`, 'u') }));

/** The Malay words found in the page's visible text (with a few characters around each, for the report). */
async function malayIn(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  const found: string[] = [];
  for (const { word, re } of PATTERNS) {
    const m = re.exec(text);
    if (m) found.push(`'${word}' in "…${text.slice(Math.max(0, m.index - 30), m.index + word.length + 30).replace(/\s+/g, ' ')}…"`);
  }
  const d = MALAY_DURATION.exec(text);
  if (d) found.push(`duration '${d[0]}'`);
  return found;
}

let server: RunningServer;
let browser: Browser;
let api: Api;
const users = await demoUsers();
const tmca = users.find((u) => u.username === 'tmca')!;
const sectmgr = users.find((u) => u.username === 'sectmgr')!;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = sharedServer();
  api = new Api(server.baseUrl);
  browser = await launchBrowser();
}, 90_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
});

/** A page of the user in English (the language chosen on the device before the app starts), signed in. */
async function englishPage(user: { username: string; password: string }, size: { width: number; height: number }, landing: RegExp) {
  const ctx = await newContext(browser, { baseUrl: server.baseUrl, ...size });
  contexts.push(ctx);
  await ctx.addInitScript(([key]) => localStorage.setItem(key, 'en'), [LANGUAGE_STORAGE_KEY] as const);
  const page = await ctx.newPage();
  trackRequests(page);
  const errors = watchErrors(page);
  await signIn(page, user.username, user.password);
  await page.waitForURL((u) => landing.test(u.pathname), { timeout: 30_000 });
  await syncReady(page);
  return { page, errors };
}

/** Opens each screen, waits until it has settled, and collects the Malay words found on it. */
async function visit(page: Page, paths: string[], tag: string): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await settle(page, path);
    expect(new URL(page.url()).pathname, `${path} opened (not redirected)`).toBe(path);
    // a name arrives with its lookup list: give the screen a few seconds to show every one (no fixed sleep: it polls)
    await page
      .waitForFunction(
        (sources) => !sources.some((src) => new RegExp(src, 'u').test(document.body.innerText)),
        [...PATTERNS.map((p) => p.re.source), MALAY_DURATION.source],
        { timeout: 5_000 },
      )
      .catch(() => {});
    for (const f of await malayIn(page)) found.push(`${tag} ${path}: ${f}`);
    await screenshot(page, `english-${tag}-${path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}`);
  }
  return found;
}

describe('English complete (issue #31 item 3)', () => {
  it('the check finds a Malay word on a page that has one', async () => {
    const ctx = await newContext(browser, { baseUrl: server.baseUrl });
    contexts.push(ctx);
    const page = await ctx.newPage();
    await page.setContent('<p>Status: Tugasan Diterima · 1j 54m · Syif Pagi</p><p>N9-PAGI-A · Tiba di lokasi.</p>');
    const found = await malayIn(page);
    expect(found.map((f) => f.split(' in ')[0])).toEqual(["'Tugasan Diterima'", "'Syif Pagi'", "'Pagi'", "duration '1j 54m'"]);
  });

  it('the server’s refusal reads in English, and in Malay again once BM is chosen', { timeout: 60_000 }, async () => {
    const ctx = await newContext(browser, { baseUrl: server.baseUrl });
    contexts.push(ctx);
    await ctx.addInitScript(([key]) => localStorage.setItem(key, 'en'), [LANGUAGE_STORAGE_KEY] as const);
    const page = await ctx.newPage();
    await signIn(page, tmca.username, 'not-the-password-1');
    // the server answers in Malay (as the operator's API does); the screen shows its English, code as sent (§8)
    const refusal = page.getByTestId('signin-error');
    await expect.poll(() => refusal.innerText()).toContain('INVALID_CREDENTIALS: Invalid username or password.');
    await screenshot(page, 'english-signin-refused');
    // the refusal on screen follows the language
    await page.getByTestId('lang-switch').filter({ hasText: 'BM' }).click();
    await expect.poll(() => refusal.innerText()).toContain('INVALID_CREDENTIALS: Nama pengguna atau kata laluan tidak sah.');
  });

  it('a TMC operator and a section manager see the main screens in English only', { timeout: 120_000 }, async () => {
    const { patrol, roster } = await patrolOnShift(api, tmca, users);
    const created = await createCase(api, tmca, roster, EVENT_TYPE.ACCIDENT, '402.4', `English check ${Date.now()}`);
    expect(patrol.username).toMatch(/^pr/);

    const { page, errors } = await englishPage(tmca, { width: 1440, height: 900 }, /^\/incident$|^\/$/);
    const found = await visit(
      page,
      [
        '/',
        '/incident',
        `/insidenView/${created.pkIncidentId}`,
        '/cariankes',
        '/map',
        '/laporaninsiden',
        '/laporanrondaan',
        '/laporanpenggunaankenderaan',
        '/laporanmasabertugas',
        '/laporanjenisbantuan',
        `/laporanseksyen/${roster.sectionId}`,
        '/listingroster',
      ],
      'tmca',
    );
    // the administration lists are a section manager's
    const admin = await englishPage(sectmgr, { width: 1440, height: 900 }, /.*/);
    found.push(...(await visit(admin.page, ['/listingstaff', '/listingroster', '/listingshift'], 'sectmgr')));
    expect(found).toEqual([]);
    expect([...errors, ...admin.errors]).toEqual([]);
  });

  it('a patrol sees its shift, activity log and checklist in English only', { timeout: 90_000 }, async () => {
    const { patrol, roster } = await patrolOnShift(api, tmca, users);
    await createCase(api, tmca, roster, EVENT_TYPE.BREAKDOWN, '403.1', `English check ${Date.now()}`);
    const { page, errors } = await englishPage(patrol, { width: 1024, height: 768 }, /^\/syifsaya$|^\/$/);
    const r = roster.pkDutyRosterId;
    const found = await visit(page, ['/syifsaya', `/activitylog/${r}/view`, `/senaraisemak/${r}`], 'pr');
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
  });
});
