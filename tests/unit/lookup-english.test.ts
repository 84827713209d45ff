import { afterEach, describe, expect, it } from 'vitest';
import { LOOKUPS, SAME_IN_ENGLISH, SHIFT_NAME_EN } from '../../server/db/seed/data/lookups';
import { SHIFTS } from '../../server/db/seed/data/people';
import { ROLES } from '@contract/roles';
import { LOOKUP_NAMES } from '@contract/lookups';
import type { LookupItem } from '@contract/envelope';
import { lookupLabel, roleLabel, shiftLabel, shownItems } from '@/lib/lookups';
import { setLanguage } from '@/lib/i18n';
import { minutesText } from '@/lib/time';

/** Lists whose values are proper nouns (region and highway names): the same in English. */
const PROPER_NOUN_LISTS = ['region', 'highway'];

describe('English names of the seeded lookups, roles and shifts (issue #31)', () => {
  afterEach(async () => {
    await setLanguage('ms');
  });

  it('every lookup entry has an English name, not the Malay one unless the same word on purpose', () => {
    expect(Object.keys(LOOKUPS).sort()).toEqual([...LOOKUP_NAMES].sort());
    const same: string[] = [];
    for (const [list, entries] of Object.entries(LOOKUPS)) {
      expect(entries.length, list).toBeGreaterThan(0);
      for (const [key, value, , valueEn] of entries) {
        expect(valueEn?.trim(), `${list} ${key} ${value}`).toBeTruthy();
        if (valueEn === value && !PROPER_NOUN_LISTS.includes(list)) same.push(`${list} ${key} ${value}`);
      }
    }
    // the only ones left alike are listed in SAME_IN_ENGLISH (the spec's 'Negative', names, abbreviations, units)
    expect(same.filter((s) => !SAME_IN_ENGLISH.some((w) => s.endsWith(` ${w}`)))).toEqual([]);
  });

  it('statuses, case types, shift categories and duty roster roles read in English', () => {
    const en = (list: keyof typeof LOOKUPS, value: string) => LOOKUPS[list].find((e) => e[1] === value)?.[3];
    expect(en('incidentStatus', 'Tugasan Diterima')).toBe('Task received');
    expect(en('incidentStatus', 'Selesai Bantuan')).toBe('Assistance done');
    expect(en('incidentStatus', 'Negative')).toBe('Negative');
    expect(en('incidentCategory', 'Kemalangan')).toBe('Accident');
    expect(en('shiftCategory', 'Pagi')).toBe('Day');
    expect(en('shiftCategory', 'Malam')).toBe('Night');
    expect(en('dutyRosterRoles', 'Ketua Pasukan')).toBe('Team leader');
  });

  it('every role has an English label, and the seeded shifts an English name the client shows alike', async () => {
    for (const r of ROLES) {
      expect(r.labelEn.trim(), r.name).toBeTruthy();
      if (r.name !== 'SUPERADMIN') expect(r.labelEn, r.name).not.toBe(r.label);
    }
    for (const s of SHIFTS) {
      expect(SHIFT_NAME_EN[s.id], s.name).toBeTruthy();
      expect(shiftLabel(s.name, 'en')).toBe(SHIFT_NAME_EN[s.id]);
      expect(shiftLabel(s.name, 'ms')).toBe(s.name);
    }
    expect(shiftLabel('Syif Khas', 'en')).toBe('Khas shift');
    expect(shiftLabel('Rondaan A', 'en')).toBe('Rondaan A');
    expect(roleLabel('TMCA', 'Operator TMC', 'en')).toBe('TMC operator');
    expect(roleLabel('TMCA', 'Operator TMC', 'ms')).toBe('Operator TMC');
    expect(roleLabel('UNKNOWN', 'Peranan baharu', 'en')).toBe('Peranan baharu');
  });

  it('a lookup item shows its English name in English, the Malay value otherwise or when the API sent none', async () => {
    const item = { key: 204, value: 'Tugasan Diterima', description: null, valueEn: 'Task received' };
    expect(lookupLabel(item, 'ms')).toBe('Tugasan Diterima');
    expect(lookupLabel(item, 'en')).toBe('Task received');
    // the operator's API answers without valueEn
    const fromOperator: LookupItem = { key: 204, value: 'Tugasan Diterima', description: null };
    expect(lookupLabel(fromOperator, 'en')).toBe('Tugasan Diterima');
    const [shown] = shownItems([item], 'en');
    expect(shown).toMatchObject({ value: 'Task received', valueMs: 'Tugasan Diterima' });
    // an item already shown in English gives its names back in either language
    expect(lookupLabel(shown, 'ms')).toBe('Tugasan Diterima');
    expect(lookupLabel(shown, 'en')).toBe('Task received');
  });

  it('durations read hours as j in Malay and h in English', async () => {
    expect(minutesText(114)).toBe('1j 54m');
    await setLanguage('en');
    expect(minutesText(114)).toBe('1h 54m');
    expect(minutesText(45)).toBe('45m');
  });
});
