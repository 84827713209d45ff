import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '@contract/incidents';
import { INCIDENT_LIMITS } from '@contract/incident-rules';
import { journalMs as ms, journalEn as en } from '@/lib/i18n/parts/journal';
import { entryText, ENTRY_MAX, isBlankEntry, isSendKey, mayDelete, readMark, sortEntries } from '@/features/journal/journal-rules';
import { bytesToBase64, blobToBase64, COMPRESSION_OPTIONS, formatBytes, isImageMime, jpegName, prepareImage, NotAnImageError } from '@/lib/image';

const entry = (over: Partial<JournalEntry>): JournalEntry => ({
  pkJournalEntryId: 1,
  pkIncidentId: 10,
  incidentSubFormId: 20,
  entry: 'Peronda tiba di lokasi',
  kind: 'NOTE',
  date: '01-03-2026',
  time: '08:00:00',
  createdDateTime: '2026-03-01T00:00:00.000Z',
  readStatus: null,
  staff: { pkStaffId: 1, displayName: 'Ali', position: 'PR', roleName: 'PR' },
  attachments: [],
  ...over,
});

describe('journal entry rules (§5, §2.16)', () => {
  it('sends nothing when the text is empty or only whitespace', () => {
    for (const blank of ['', ' ', '   ', '\n', '\t \n ', '\u00a0', null, undefined]) expect(isBlankEntry(blank), JSON.stringify(blank)).toBe(true);
    for (const text of ['a', ' ok ', '\n1\n', '.']) expect(isBlankEntry(text), text).toBe(false);
  });

  it('trims what is sent and keeps inner new lines', () => {
    expect(entryText('  baris 1\nbaris 2 \n\n')).toBe('baris 1\nbaris 2');
    expect(ENTRY_MAX).toBe(INCIDENT_LIMITS.journalEntryMax);
  });

  it('Enter sends, Shift+Enter and IME composition do not', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(isSendKey({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(isSendKey({ key: 'Enter', shiftKey: false, nativeEvent: { isComposing: true } })).toBe(false);
    expect(isSendKey({ key: 'a', shiftKey: false })).toBe(false);
  });

  it('lists entries newest first, ties by id', () => {
    const a = entry({ pkJournalEntryId: 1, createdDateTime: '2026-03-01T01:00:00.000Z' });
    const b = entry({ pkJournalEntryId: 2, createdDateTime: '2026-03-01T03:00:00.000Z' });
    const c = entry({ pkJournalEntryId: 3, createdDateTime: '2026-03-01T03:00:00.000Z' });
    const d = entry({ pkJournalEntryId: 4, createdDateTime: '2026-02-28T23:59:59.000Z' });
    expect(sortEntries([a, d, b, c]).map((e) => e.pkJournalEntryId)).toEqual([3, 2, 1, 4]);
  });
});

describe('read marks (§6, §4.4)', () => {
  it('a patrol entry (830) is unread until a TMC reads it', () => {
    expect(readMark(entry({ readStatus: 830 }))).toBe('unread');
    expect(readMark(entry({ readStatus: 830, entry: 'Tiba\nRead by: Aminah (TMCA) Read Date: 01-03-2026 08:05:00' }))).toBe('read');
  });
  it('a TMC entry (829) has a mark only once read; others and corrections none', () => {
    expect(readMark(entry({ readStatus: 829 }))).toBeNull();
    expect(readMark(entry({ readStatus: 829, entry: 'x\nRead by: B (TMCS) Read Date: 01-03-2026 08:05:00' }))).toBe('read');
    expect(readMark(entry({ readStatus: null, entry: 'Read by: B (TMCS)' }))).toBeNull();
    expect(readMark(entry({ readStatus: 830, kind: 'CORRECTION' }))).toBeNull();
  });
});

describe('attachment delete right (§6)', () => {
  it('managers any, TSTE/TMCA/TMCS only statusImg 0, others none', () => {
    for (const roleId of [101, 103, 109, 110]) {
      expect(mayDelete(roleId, { statusImg: 0 })).toBe(true);
      expect(mayDelete(roleId, { statusImg: 1 })).toBe(true);
    }
    for (const roleId of [102, 104, 105]) {
      expect(mayDelete(roleId, { statusImg: 0 })).toBe(true);
      expect(mayDelete(roleId, { statusImg: 1 })).toBe(false);
    }
    for (const roleId of [1, 2, 106, 107, 108]) expect(mayDelete(roleId, { statusImg: 0 })).toBe(false);
    expect(mayDelete(null, { statusImg: 0 })).toBe(false);
  });
});

describe('image preparation (§5, §9)', () => {
  it('compresses to JPEG with the longest side at most 900 px, on the main thread (no CDN worker)', () => {
    expect(COMPRESSION_OPTIONS.fileType).toBe('image/jpeg');
    expect(COMPRESSION_OPTIONS.maxWidthOrHeight).toBe(900);
    expect(COMPRESSION_OPTIONS.useWebWorker).toBe(false);
    expect(COMPRESSION_OPTIONS).not.toHaveProperty('libURL');
  });

  it('accepts image MIME types only (SVG is a document, not a photo)', () => {
    for (const t of ['image/png', 'image/jpeg', 'image/webp', 'image/heic', 'image/gif']) expect(isImageMime(t), t).toBe(true);
    for (const t of ['', 'text/plain', 'application/pdf', 'image/svg+xml', 'image', null, undefined]) expect(isImageMime(t), String(t)).toBe(false);
  });

  it('names the upload .jpg', () => {
    expect(jpegName('foto jalan.PNG')).toBe('foto jalan.jpg');
    expect(jpegName('C:\\fakepath\\IMG_0001.heic')).toBe('IMG_0001.jpg');
    expect(jpegName('tanpa-sambungan')).toBe('tanpa-sambungan.jpg');
    expect(jpegName('.png')).toBe('gambar.jpg');
  });

  it('encodes base64 in chunks (large files) and formats sizes', async () => {
    const bytes = new Uint8Array(100_000).map((_, i) => i % 256);
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    expect(await blobToBase64(new Blob([bytes]))).toBe(Buffer.from(bytes).toString('base64'));
    expect(formatBytes(950)).toBe('950 B');
    expect(formatBytes(12_595)).toBe('12.3 KB');
    expect(formatBytes(1_468_006)).toBe('1.4 MB');
  });

  it("refuses a file that is not an image by its type before any decoding ('Not an image')", async () => {
    const txt = new File(['hello'], 'nota.txt', { type: 'text/plain' });
    await expect(prepareImage(txt)).rejects.toBeInstanceOf(NotAnImageError);
    await expect(prepareImage(txt)).rejects.toThrow('Not an image');
  });
});

describe('journal texts (§8 verbatim)', () => {
  it('has the spec messages in both languages', () => {
    expect(ms['journal.placeholder']).toBe('Kenyataan..');
    expect(ms['journal.saved']).toBe('Jurnal telah berjaya disimpan');
    expect(ms['journal.listFailed']).toBe('Ops! Senarai Jurnal tidak berjaya didapatkan.');
    expect(ms['journal.entrySaveFailed']).toBe('Ops! Kemasukan jurnal tidak berjaya disimpan.');
    expect(ms['journal.entryLoadFailed']).toBe('Ops! Kemasukan jurnal tidak berjaya didapatkan.');
    expect(ms['journal.documentFailed']).toBe('Ops! Dokumen tidak berjaya didapatkan.');
    expect(ms['journal.deleteFailed']).toBe('Ops! Aset tidak berjaya dipadam.');
    expect(ms['journal.notAnImage']).toBe('Not an image');
    expect(ms['journal.media.title']).toBe('Lampiran Media');
    for (const k of ['journal.placeholder', 'journal.saved', 'journal.listFailed', 'journal.notAnImage'] as const) expect(en[k]).toBe(ms[k]);
  });
});
