import { describe, expect, it } from 'vitest';
import { SERVER_TEXT_ENTRIES, serverTextEn } from '@/lib/i18n/server-texts-en';
import { scanServerTexts } from '../support/server-texts';

const scan = scanServerTexts();

/** A Malay text: one with a few of the language's commonest words (the scan also finds the server's English texts). */
const MALAY_TEXT =
  /(?<![\p{L}-])(tidak|sila|anda|dijumpai|boleh|bukan|telah|mesti|diperlukan|maksimum|tiada|hanya|wujud|dan|atau|yang|ini)(?![\p{L}-])/iu;

/** A text's words; codes are left out (LDAP, N9, pkRoleId, YYYY-MM-DD, UTF-8, single letters). */
const wordsOf = (text: string) =>
  (text.match(/[\p{L}][\p{L}'-]*[\p{L}]|[\p{L}]/gu) ?? [])
    .filter((w) => w.length > 1 && w !== w.toUpperCase() && !/\p{Ll}\p{Lu}/u.test(w))
    .map((w) => w.toLowerCase());

/** The words of the Malay texts the English ones may share: English words the Malay ones use, and the product's own words the English screens keep (Ketibaan, Notifikasi, Selesai of §4.6, Tutup, ronda). */
const SHARED = new Set(
  'no to from id km mm hh ss base subform roster status name jam item ronda username superadmin data digit odometer model input set log import version token tag tablet portal media operator unit local img yyyy-mm yyyy-mm-dd idempotency-key x-device-id x-client-time negative ketibaan notifikasi selesai tutup'.split(
    ' ',
  ),
);

/** Every word of the server's Malay texts (values left out). */
const MALAY_WORDS = new Set(
  scan.texts.filter((t) => MALAY_TEXT.test(t.text)).flatMap((t) => wordsOf(t.values.reduce((rest, v) => rest.replace(v, ' '), t.text))),
);
const malayIn = (en: string) => wordsOf(en).filter((w) => MALAY_WORDS.has(w) && !SHARED.has(w));

describe('the English catalogue of the server’s texts (src/lib/i18n/server-texts-en.ts)', () => {
  it('finds the texts in the server’s sources', () => {
    const texts = new Set(scan.texts.map((t) => t.text));
    expect(scan.texts.length).toBeGreaterThan(800);
    // the helpers' defaults, a message constant of the contract, a zod message, the error plugin's own, a template
    for (const t of [
      'Rekod tidak dijumpai.',
      'Sesi tidak sah. Sila log masuk semula.',
      'Nama pengguna atau kata laluan tidak sah.',
      'Pengguna tidak dijumpai.',
      'Kata laluan baharu mesti mengandungi nombor',
      'Format JSON tidak sah.',
    ])
      expect(texts, t).toContain(t);
    expect(scan.texts.some((t) => /^Tiada kes dengan nombor tiket V\d+\.$/.test(t.text))).toBe(true);
    // the only message the sources cannot give: Fastify's own (English) for a framework error
    expect(scan.unresolved).toEqual(['server/plugins/errors.ts: fe.message']);
  });

  it('has English for every text the server can send, carrying its values over', () => {
    const missing: string[] = [];
    for (const { site, text, values } of scan.texts) {
      const en = serverTextEn(text);
      const lost = values.filter((v) => !en.includes(v));
      const malay = malayIn(en);
      if (malay.length || lost.length)
        missing.push(
          `${site}\n    ${text}\n    → ${en}${malay.length ? `  (Malay: ${malay.join(', ')})` : ''}${lost.length ? `  (lost ${lost.join(', ')})` : ''}`,
        );
    }
    expect(missing, `${missing.length} texts without English:\n${missing.join('\n')}`).toEqual([]);
  });

  it('has no entry for a text the server no longer sends', () => {
    // a text, its sentences, a field message after "Input tidak sah: field — "
    const texts = scan.texts.flatMap((t) => [
      t.text,
      ...t.text.split(/(?<!\bNo\.)(?<=[.!?])\s+(?=[A-Z(])/),
      t.text.split(' — ').slice(1).join(' — '),
    ]);
    const stale = SERVER_TEXT_ENTRIES.filter(([ms]) => {
      const re = new RegExp(
        `^${ms
          .split(/\{\w+\+?\}/)
          .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('.*?')}$`,
        's',
      );
      return !texts.some((t) => re.test(t));
    }).map(([ms]) => ms);
    expect(stale).toEqual([]);
  });
});
