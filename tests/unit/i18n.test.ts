import { describe, expect, it } from 'vitest';
import { ms } from '@/lib/i18n/ms';
import { en } from '@/lib/i18n/en';
import { getLanguage, setLanguage, t } from '@/lib/i18n';

/** Every part (src/lib/i18n/parts/<area>.ts exports <area>Ms and <area>En); importing them registers them. */
const PARTS = import.meta.glob<Record<string, Record<string, string>>>('/src/lib/i18n/parts/*.ts', { eager: true });

describe('UI texts (src/lib/i18n)', () => {
  it('ms and en have the same keys', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(ms).sort());
    for (const [k, v] of Object.entries(en)) expect(v, k).not.toBe('');
    expect(Object.keys(PARTS).length).toBeGreaterThan(5);
    const seen = new Set(Object.keys(ms));
    for (const [file, mod] of Object.entries(PARTS)) {
      const msPart = Object.entries(mod).find(([name]) => name.endsWith('Ms'))?.[1];
      const enPart = Object.entries(mod).find(([name]) => name.endsWith('En'))?.[1];
      expect(msPart && enPart, `${file} exports <area>Ms and <area>En`).toBeTruthy();
      expect(Object.keys(enPart!).sort(), file).toEqual(Object.keys(msPart!).sort());
      for (const [k, v] of Object.entries(enPart!)) expect(v, k).not.toBe('');
      // one key, one text: a part never redefines a key of the shell or of another part
      for (const k of Object.keys(msPart!)) {
        expect(seen.has(k), `${file}: ${k} is defined twice`).toBe(false);
        seen.add(k);
      }
    }
  });

  it('Malay is the default and spec texts are verbatim', () => {
    expect(getLanguage()).toBe('ms');
    expect(t('drawer.broadcastPlaceholder')).toBe('Hantar Mesej siaran..');
    expect(t('drawer.noAlerts')).toBe('Tiada notifikasi');
    expect(t('topbar.noNotifications')).toBe('No notifications');
    expect(t('topbar.broadcast')).toBe('Siaran Portal');
    expect(t('error.tokenCheck')).toBe('Ops! Please try again.');
    expect(t('app.updateAvailable')).toBe('Versi baharu tersedia');
    expect(t('app.reload')).toBe('Muat semula');
    expect(t('app.close')).toBe('Tutup');
    expect(t('menu.comingSoon')).toBe('Akan datang');
  });

  it("English buttons and form marks are English (a form's Save/Cancel, a logsheet's (New)/(Update))", () => {
    const malay = /^(Simpan|Batal|Hantar|Padam|Kemaskini|Baru)\b|\((Baru|Kemaskini)\)/;
    const found: string[] = [];
    const check = (where: string, texts: Record<string, string>) => {
      for (const [k, v] of Object.entries(texts)) if (malay.test(v)) found.push(`${where} ${k}: ${v}`);
    };
    check('en.ts', en);
    for (const [file, mod] of Object.entries(PARTS)) {
      const enPart = Object.entries(mod).find(([name]) => name.endsWith('En'))?.[1];
      if (enPart) check(file, enPart);
    }
    expect(found).toEqual([]);
  });

  it('fills placeholders and switches language (English loads on demand)', async () => {
    expect(t('app.version', { version: '2.0.3.1.84' })).toBe('Versi 2.0.3.1.84');
    // English texts are not there until asked for: Malay stands in
    expect(t('app.version', { version: '2.0.3.1.84' }, 'en')).toBe('Versi 2.0.3.1.84');
    const switching = setLanguage('en');
    expect(getLanguage()).toBe('ms');
    await switching;
    expect(getLanguage()).toBe('en');
    expect(t('app.version', { version: '2.0.3.1.84' })).toBe('Version 2.0.3.1.84');
    expect(t('roster.pageInfo', { from: 1, to: 10, total: 37 })).toBe('1–10 of 37');
    await setLanguage('ms');
    expect(t('roster.pageInfo', { from: 1, to: 10, total: 37 })).toBe('1–10 daripada 37');
  });

  it('the last switch wins when English is still loading', async () => {
    const a = setLanguage('en');
    const b = setLanguage('ms');
    await Promise.all([a, b]);
    expect(getLanguage()).toBe('ms');
  });
});
