/**
 * The /kesbaru form as a TMC operator fills it, for the browser tests: pick options, step 1 on a section with a
 * kilometre on its markers and a roster on shift, and the demo data this needs (the section, a patrol on shift).
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { PATHS } from '@contract/paths';
import { SUBFORMS, type EventTypeId } from '@contract/incident-rules';
import type { ActivePrRow } from '@contract/incidents';
import type { Section } from '@contract/sections';
import type { WebUser } from '@contract/auth';
import type { Api } from './api';
import type { E2eUser } from './users';

/** Picks the option whose text starts with `prefix` (or the first real one) and answers its value. */
export async function choose(page: Page, testId: string, prefix?: string): Promise<string> {
  const select = page.getByTestId(testId);
  await expect.poll(async () => (await select.locator('option').count()) > 1 && (await select.isEnabled()), { timeout: 20_000 }).toBe(true);
  const options = await select
    .locator('option')
    .evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? '' })));
  const pick = prefix ? options.find((o) => o.value && o.text.startsWith(prefix)) : options.find((o) => o.value);
  if (!pick) throw new Error(`${testId}: no option ${prefix ?? ''} in ${options.map((o) => o.text).join(' | ')}`);
  await select.selectOption(pick.value);
  return pick.value;
}

export interface NewCaseSetting {
  section: Section;
  /** a roster on shift now in the section's region */
  rosterId: number;
}

/** The section (by name) of the TMC user's region and a patrol roster on shift now. */
export async function newCaseSetting(api: Api, tmc: E2eUser, sectionName = 'N9'): Promise<NewCaseSetting> {
  const me = (await api.call<{ user: WebUser }>(tmc, 'POST', PATHS.webUser, {})).body.user;
  const regionId = me.section.region.key;
  const sections = (await api.call<{ rows: Section[] }>(tmc, 'POST', `${PATHS.sectionDataTables}?length=50&start=0`, { regionId, listed: true })).body
    .rows;
  const section = sections.find((s) => s.sectionName === sectionName);
  if (!section) throw new Error(`no section ${sectionName} in region ${regionId}`);
  const active = (await api.call<{ rows: ActivePrRow[] }>(tmc, 'POST', `${PATHS.nearestActivePr}?length=100&start=0`, { regionId })).body.rows;
  if (!active.length) throw new Error(`no patrol roster on shift now in region ${regionId}`);
  return { section, rosterId: active[0].pkDutyRosterId };
}

/** Step 1 of /kesbaru (already open) with the kilometre on the markers; leaves the form on step 2. */
export async function fillStep1(page: Page, s: NewCaseSetting, typeId: EventTypeId, km = '400.5') {
  await page.getByTestId('new-case-step1').waitFor();
  await choose(page, 'case-section', `${s.section.sectionName} `);
  await choose(page, 'case-source');
  await page.getByTestId('case-event-type').selectOption(String(typeId));
  await choose(page, 'case-event-location');
  await choose(page, 'case-direction');
  await page.getByTestId('case-km').fill(km);
  // on the markers: matched with coordinates (offline too, from the device's copy of the markers)
  await page.getByTestId('case-km-valid').waitFor();
  await choose(page, 'case-weather');
  await choose(page, 'case-lighting');
  await page.getByTestId(`case-roster-${s.rosterId}`).click();
  const next = page.getByTestId('new-case-next');
  await expect.poll(() => next.isDisabled()).toBe(false);
  await next.click();
  await page.getByTestId('new-case-step2').waitFor();
  await page.getByTestId(`subform-${SUBFORMS[typeId].kind}`).waitFor();
}
