/**
 * The keyboard alone (issue #19 item 1), through the real server and the built client (`DIST_DIR=… npm run build`
 * first). After signing in, the test only presses keys (Tab, Shift+Tab, arrows, Space, Enter, Escape, typing):
 * - on the dashboard the first Tab shows the skip link (Enter: the next Tab is in the page), and every button and
 *   link of the top bar and the side menu is reached by Tab, in one pass;
 * - a TMC operator opens Kes Baru from the menu and records a case: step 1's selects by arrows and type-ahead, the
 *   kilometre typed, a patrol card by Space, Next by Enter; step 2's select, a section chip, the assistance radio by
 *   arrows (its other-assistance dialog opened and closed with Escape: the focus comes back to its button), Yes/No,
 *   the remark, Hantar by Enter. The saved case and subform are read back through the API.
 * Every element the keyboard lands on must show a focus ring (an outline of 2 px or more, not the browser's thin
 * 'auto' one, at least 3:1 against what is behind it) that goes away when the focus moves on. For a visually hidden
 * radio or checkbox input the ring is looked for on the card, item or control that stands for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, ElementHandle, Page } from 'playwright-core';
import { PATHS } from '@contract/paths';
import { EVENT_TYPE } from '@contract/lookups';
import { SUBFORMS } from '@contract/incident-rules';
import type { Incident, SubformRecord } from '@contract/incidents';
import type { RoadLaneSelectionRow } from '@contract/child-lists';
import { sharedServer, type RunningServer } from './support/server';
import { launchBrowser, newContext, screenshot, signIn, watchErrors } from './support/browser';
import { Api } from './support/api';
import { demoUsers, type E2eUser } from './support/users';
import { newCaseSetting, type NewCaseSetting } from './support/new-case-form';

let server: RunningServer;
let browser: Browser;
let ctx: BrowserContext;
let page: Page;
let errors: string[];
let api: Api;
let tmca: E2eUser;
let setting: NewCaseSetting;

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser();
  api = new Api(server.baseUrl);
  tmca = (await demoUsers()).find((u) => u.username === 'tmca')!;
  setting = await newCaseSetting(api, tmca);
  ctx = await newContext(browser, { baseUrl: server.baseUrl, width: 1366, height: 768 });
  page = await ctx.newPage();
  errors = watchErrors(page);
  await signIn(page, tmca.username, tmca.password);
  await page.waitForURL((u) => u.pathname === '/');
});

afterAll(async () => {
  await ctx?.close();
  await browser?.close();
  await server?.stop();
});

/** What the focused element shows, read in the page. */
interface FocusLook {
  /** test id (of the element or its nearest ancestor with one), with the menu key or chip key when there is one */
  id: string;
  tag: string;
  /** 'solid 2px rgb(…)' when a ring of 2 px or more shows on the element (or the card/control of a hidden input) */
  ring: string | null;
  /** the ring's colour against the background behind it (null when a colour cannot be read) */
  contrast: number | null;
}

/** Runs in the page: the look of `el` (the focused element, or one that just lost the focus). */
function lookOf(el: Element | null): FocusLook {
  if (!el || el === document.body) return { id: 'body', tag: 'body', ring: null, contrast: null };
  const withId = el.closest('[data-testid]');
  const key = el.getAttribute('data-menu-key') ?? el.getAttribute('data-key');
  const id = `${withId?.getAttribute('data-testid') ?? el.tagName.toLowerCase()}${key ? `:${key}` : ''}`;
  const rect = el.getBoundingClientRect();
  // Ark's radio and checkbox inputs are visually hidden: their label (the card or item) and its parts show the focus
  const hidden = rect.width <= 1 || rect.height <= 1;
  const box = hidden ? (el.closest('label') ?? el.parentElement ?? el) : el;
  const parts = [box, ...Array.from(box.querySelectorAll('[data-focus-visible]'))];
  const rgba = (c: string): [number, number, number, number] | null => {
    const m = c.match(/^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/);
    if (m) return [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])];
    const s = c.match(/^color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)(?: \/ ([\d.]+))?\)$/);
    if (s) return [Number(s[1]) * 255, Number(s[2]) * 255, Number(s[3]) * 255, s[4] === undefined ? 1 : Number(s[4])];
    return null;
  };
  const lum = ([r, g, b]: number[]) => {
    const ch = (v: number) => {
      const x = v / 255;
      return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b);
  };
  for (const p of parts) {
    const cs = getComputedStyle(p);
    const width = Number.parseFloat(cs.outlineWidth);
    const color = rgba(cs.outlineColor);
    if (cs.outlineStyle === 'none' || cs.outlineStyle === 'auto' || !(width >= 2) || (color && color[3] === 0)) continue;
    // the ring lies over the parent's background (over the element's own when drawn inside it)
    let under: Element | null = Number.parseFloat(cs.outlineOffset) < 0 ? p : p.parentElement;
    let bg: [number, number, number, number] | null = null;
    while (under) {
      const c = rgba(getComputedStyle(under).backgroundColor);
      if (c && c[3] >= 0.5) {
        bg = c;
        break;
      }
      under = under.parentElement;
    }
    bg ??= [255, 255, 255, 1];
    const contrast = color ? (Math.max(lum(color), lum(bg)) + 0.05) / (Math.min(lum(color), lum(bg)) + 0.05) : null;
    return { id, tag: el.tagName.toLowerCase(), ring: `${cs.outlineStyle} ${cs.outlineWidth} ${cs.outlineColor}`, contrast };
  }
  return { id, tag: el.tagName.toLowerCase(), ring: null, contrast: null };
}

/** The keyboard's walk: every stop's look, and the element that had the focus before (to see its ring go). */
const walk = { stops: [] as FocusLook[], prev: null as ElementHandle<Element> | null };

/** The focused element must show its ring; the one before must have lost it. Answers the focused element's look. */
async function checkFocus(): Promise<FocusLook> {
  const handle = (await page.evaluateHandle(() => document.activeElement)) as ElementHandle<Element>;
  const look = await handle.evaluate(lookOf);
  const prev = walk.prev;
  if (prev && !(await prev.evaluate((p, now) => p === now, handle))) {
    // a card's data-focus-visible goes with React's next render
    await expect.poll(async () => (await prev.evaluate(lookOf)).ring, { timeout: 5_000 }).toBeNull();
  }
  walk.prev = handle;
  if (look.tag !== 'body') {
    expect(look.ring, `${look.id}: no visible focus ring`).not.toBeNull();
    if (look.contrast !== null) expect(look.contrast, `${look.id}: focus ring ${look.ring} contrast`).toBeGreaterThanOrEqual(3);
  }
  walk.stops.push(look);
  return look;
}

async function press(key: string): Promise<FocusLook> {
  await page.keyboard.press(key);
  return checkFocus();
}

/** Tab (or Shift+Tab) until the focus is on `id` (exact, or a prefix ending in '-' or ':'); every stop on the way is checked. */
async function tabTo(id: string, { back = false, max = 40 } = {}): Promise<FocusLook> {
  const hit = (look: FocusLook) => (/[-:]$/.test(id) ? look.id.startsWith(id) : look.id === id);
  for (let i = 0; i < max; i++) {
    const look = await press(back ? 'Shift+Tab' : 'Tab');
    if (hit(look)) return look;
  }
  throw new Error(
    `${id} not reached in ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}: ${walk.stops
      .slice(-max)
      .map((s) => s.id)
      .join(' → ')}`,
  );
}

/** Waits (without touching it) until the select shows its options and is enabled: a loading one is a skeleton. */
async function selectReady(testId: string) {
  const select = page.getByTestId(testId);
  await expect
    .poll(async () => (await select.count()) > 0 && (await select.locator('option').count()) > 1 && (await select.isEnabled()), { timeout: 20_000 })
    .toBe(true);
}

/**
 * The focused select: arrows down (or up) to the first option whose text starts with `prefix` (the first real option
 * without one), as an operator does on a closed select. Answers the chosen value.
 */
async function arrowTo(testId: string, prefix?: string): Promise<string> {
  const state = await page.evaluate(() => {
    const s = document.activeElement as HTMLSelectElement;
    return {
      testId: s.getAttribute('data-testid'),
      selected: s.selectedIndex,
      options: Array.from(s.options).map((o) => ({ value: o.value, text: o.textContent ?? '', disabled: o.disabled })),
    };
  });
  expect(state.testId).toBe(testId);
  const target = state.options.findIndex((o) => o.value && !o.disabled && (!prefix || o.text.startsWith(prefix)));
  if (target < 0) throw new Error(`${testId}: no option ${prefix ?? ''} in ${state.options.map((o) => o.text).join(' | ')}`);
  // arrows skip disabled options
  const between = (a: number, b: number) => state.options.slice(Math.min(a, b) + 1, Math.max(a, b) + 1).filter((o) => !o.disabled).length;
  const steps = between(Math.max(state.selected, 0), target);
  for (let i = 0; i < steps; i++) await page.keyboard.press(target > state.selected ? 'ArrowDown' : 'ArrowUp');
  await expect.poll(() => page.getByTestId(testId).inputValue()).toBe(state.options[target].value);
  return state.options[target].value;
}

const activeTestId = () => page.evaluate(() => document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid') ?? 'body');

describe('the keyboard alone', () => {
  it('the dashboard: a skip link first, then every button and link of the top bar and the side menu, each with a visible focus ring', async () => {
    await page.goto('/');
    await page.getByTestId('side-nav').waitFor();
    await page.locator('#main [data-testid]').first().waitFor();
    // what a pointer could use in the shell: visible, enabled, focusable
    const wanted = await page.evaluate(() => {
      const shell = Array.from(document.querySelectorAll('[data-testid=top-bar], [data-testid=side-nav]'));
      const all = shell.flatMap((s) =>
        Array.from(s.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex], [role=link], [role=button]')),
      );
      const usable = all.filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && !(e as HTMLButtonElement).disabled && e.tabIndex >= 0 && getComputedStyle(e).visibility !== 'hidden';
      });
      for (const [i, e] of usable.entries()) e.setAttribute('data-kb', String(i));
      return usable.map((e) => e.getAttribute('aria-label') || e.textContent?.trim() || e.tagName);
    });
    expect(wanted.length).toBeGreaterThan(10);

    // the first stop: 'Langkau ke kandungan', shown while it has the focus
    expect((await press('Tab')).id).toBe('skip-link');
    const box = await page.getByTestId('skip-link').boundingBox();
    expect(box && box.y >= 0 && box.width > 0).toBe(true);
    expect(await page.getByTestId('skip-link').textContent()).toBe('Langkau ke kandungan');

    const reached: number[] = [];
    for (let i = 0; i < wanted.length + 10; i++) {
      const look = await press('Tab');
      const inMain = await page.evaluate(() => !!document.activeElement?.closest('#main'));
      if (inMain) break;
      // past the shell's last control the focus went into the page, whose part re-rendered under it (the dashboard
      // settling as its panels answer): the body has it, and the shell is done
      if (look.tag === 'body' && reached.length === wanted.length) break;
      const kb = await page.evaluate(() => document.activeElement?.getAttribute('data-kb'));
      expect(
        kb,
        `${look.id} took the focus in the shell but is not one of its controls (after ${walk.stops.map((s) => s.id).join(' → ')})`,
      ).not.toBeNull();
      reached.push(Number(kb));
    }
    // one pass: each once, all of them, in the order they stand
    expect(reached.map((i) => wanted[i])).toEqual(wanted);
    await screenshot(page, 'keyboard-dashboard-focus-1366x768');

    // the skip link takes the keyboard past the shell: Enter, then Tab lands in the page
    await tabTo('skip-link', { back: true, max: wanted.length + 2 });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    walk.prev = null;
    await press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('#main'))).toBe(true);
    // the skip link hides again
    const hidden = await page.getByTestId('skip-link').boundingBox();
    expect(hidden && hidden.y + hidden.height <= 0).toBe(true);
  });

  it('records a new case (Kes Baru) with the keyboard alone; the saved case holds what was typed and chosen', async () => {
    // Kes Baru from the side menu
    await tabTo('nav-item:newCase', { back: true });
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/kesbaru');
    await page.getByTestId('new-case-step1').waitFor();

    // ---- step 1
    await selectReady('case-section');
    await tabTo('case-section');
    // type-ahead: the section's name
    await page.keyboard.type(setting.section.sectionName);
    await expect.poll(() => page.getByTestId('case-section').inputValue()).toBe(String(setting.section.pkSectionId));
    await selectReady('case-source');
    await tabTo('case-source');
    const source = await arrowTo('case-source');
    await tabTo('case-event-type');
    // the obstacle type by its name
    const obstacleName = await page.evaluate(
      (key) => (document.querySelector(`[data-testid=case-event-type] option[value="${key}"]`)?.textContent ?? '').trim(),
      EVENT_TYPE.OBSTACLE,
    );
    await arrowTo('case-event-type', obstacleName);
    // the section's highway is preselected: Tab goes on through it
    await selectReady('case-event-location');
    await tabTo('case-event-location');
    const location = await arrowTo('case-event-location');
    await selectReady('case-direction');
    await tabTo('case-direction');
    await arrowTo('case-direction', 'Arah Utara');
    await tabTo('case-km');
    // a place may have filled the kilometre in: replace it
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('400.5');
    await page.getByTestId('case-km-valid').waitFor();
    await selectReady('case-weather');
    await tabTo('case-weather');
    const weather = await arrowTo('case-weather');
    await tabTo('case-lighting');
    const lighting = await arrowTo('case-lighting');
    // Assign To: the first card, chosen with Space
    await page.getByTestId('case-assign').waitFor();
    const card = await tabTo('case-roster-');
    await page.keyboard.press('Space');
    const rosterId = Number(card.id.slice('case-roster-'.length));
    await expect.poll(() => page.getByTestId(card.id).getAttribute('data-state')).toBe('checked');
    await expect.poll(() => page.getByTestId('new-case-next').isEnabled()).toBe(true);
    await tabTo('new-case-next');
    await screenshot(page, 'keyboard-new-case-next-1366x768');
    await page.keyboard.press('Enter');

    // ---- step 2: the focus goes to the step (not back to the top of the page)
    await page.getByTestId(`subform-${SUBFORMS[EVENT_TYPE.OBSTACLE].kind}`).waitFor();
    await expect.poll(activeTestId).toBe('new-case-step2');
    walk.prev = null;
    await selectReady('sub-obstacle-type');
    expect((await press('Tab')).id).toBe('sub-obstacle-type');
    await arrowTo('sub-obstacle-type', 'Tayar');
    // Bahagian Lebuhraya: the first chip, toggled with Space
    await page.getByTestId('child-section-chip').first().waitFor();
    const chip = await tabTo('child-section-chip:');
    await page.keyboard.press('Space');
    const chipKey = Number(chip.id.split(':')[1]);
    await expect.poll(() => page.locator(`[data-testid=child-section-chip][data-key="${chipKey}"]`).getAttribute('data-selected')).toBe('true');

    // Jenis Bantuan: into the radio; Up wraps to the last option (other assistance), which opens its list
    await tabTo('sub-assist-');
    await page.keyboard.press('ArrowUp');
    const other = await checkFocus();
    await expect.poll(() => page.getByTestId(other.id).getAttribute('data-state')).toBe('checked');
    // its add button opens the dialog; Escape closes it and the focus is back on the button
    const add = await tabTo('child-add-');
    await page.keyboard.press('Enter');
    const dialog = page.locator('[data-testid^="child-dialog-"]').first();
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[role=dialog]'))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(activeTestId).toBe(add.id);
    walk.prev = null;
    expect((await checkFocus()).id).toBe(add.id);
    // back to the radio; Down wraps to the first option, Down again: the second (1902)
    await tabTo('sub-assist-', { back: true });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const assist = await checkFocus();
    expect(assist.id).toBe('sub-assist-1902');
    await expect.poll(() => page.getByTestId('sub-assist-1902').getAttribute('data-state')).toBe('checked');
    // the other-assistance list went with the choice
    expect(await page.locator('[data-testid^="child-add-"]').count()).toBe(0);

    // Alih Tempat Yang Selamat? Ya, with Space
    await tabTo('sub-safety-yes');
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByTestId('sub-safety-yes').getAttribute('data-state')).toBe('checked');
    await tabTo('sub-remark');
    await page.keyboard.type('tayar di lorong kiri');
    await expect.poll(() => page.getByTestId('sub-remark').inputValue()).toBe('TAYAR DI LORONG KIRI');
    await tabTo('new-case-submit');
    await screenshot(page, 'keyboard-new-case-submit-1366x768');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => /^\/insidenView\/\d+$/.test(u.pathname), { timeout: 30_000 });
    const id = Number(new URL(page.url()).pathname.split('/').pop());

    // ---- what the server holds
    const inc = (await api.call<Incident>(tmca, 'GET', PATHS.incidentGet(id))).body;
    expect(inc.incidentCategory.key).toBe(EVENT_TYPE.OBSTACLE);
    expect(inc.section.pkSectionId).toBe(setting.section.pkSectionId);
    expect(inc.incidentSource.key).toBe(Number(source));
    expect(inc.eventLocation?.key).toBe(Number(location));
    expect(inc.cardinalDirection.key).toBe(1201);
    expect(inc.kilometerMarker).toBe('400.5');
    expect(inc.latitude).not.toBeNull();
    expect(inc.weatherCondition?.key).toBe(Number(weather));
    expect(inc.lightingCondition?.key).toBe(Number(lighting));
    expect(inc.dutyRoster?.pkDutyRosterId).toBe(rosterId);
    expect(inc.subformId).not.toBeNull();
    const sub = (await api.call<SubformRecord>(tmca, 'GET', PATHS.subformGet(SUBFORMS[EVENT_TYPE.OBSTACLE].path, inc.subformId!))).body;
    expect(sub).toMatchObject({ pkObstacleObjectTypeId: 1801, pkAssistTypeId: 1902, moveToSafety: true, remark: 'TAYAR DI LORONG KIRI' });
    const lanes = await api.call<{ rows: RoadLaneSelectionRow[] }>(tmca, 'POST', `${PATHS.childDataTables('roadLaneSelection')}?length=100&start=0`, {
      incidentSubFormId: inc.subformId,
    });
    expect(lanes.body.rows.map((r) => r.roadLane.key)).toEqual([chipKey]);

    // every stop of the walk had its ring (checked on the way); the walk went through the whole form
    expect(walk.stops.filter((s) => s.tag !== 'body').length).toBeGreaterThan(30);
    expect(errors).toEqual([]);
  });
});
