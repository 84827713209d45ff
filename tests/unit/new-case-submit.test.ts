/** §8 messages of Hantar on /kesbaru: the main save and each subform. */
import { describe, expect, it } from 'vitest';
import { EVENT_TYPE } from '@contract/lookups';
import { ApiError, TIMEOUT_CODE, TIMEOUT_MESSAGE } from '@/lib/api';
import { t } from '@/lib/i18n';
import { DUTY_ROSTER_NOT_FOUND, NewCaseSchema, mainFailure, newCaseDefaults, subformFailure } from '@/features/incidents/new-case/new-case-submit';

describe('Hantar failures (§8)', () => {
  it("'DutyRoster data not found.' shows 'Tiada rekod DutyRoster dijumpai'", () => {
    const f = mainFailure(new ApiError(404, 'NOT_FOUND', DUTY_ROSTER_NOT_FOUND));
    expect(t(f.messageKey)).toBe('Tiada rekod DutyRoster dijumpai');
    expect(f.uncertain).toBe(false);
  });

  it("any other main failure shows 'Ops! Informasi kes tidak berjaya disimpan' with the server's reason", () => {
    const f = mainFailure(new ApiError(400, 'VALIDATION', 'Jadual tugas ini bukan dari wilayah kes ini.'));
    expect(t(f.messageKey)).toBe('Ops! Informasi kes tidak berjaya disimpan');
    expect(f.detail).toBe('Jadual tugas ini bukan dari wilayah kes ini.');
  });

  it('a timeout is uncertain (the case may exist) and carries the timeout text', () => {
    const f = mainFailure(new ApiError(0, TIMEOUT_CODE, TIMEOUT_MESSAGE, { kind: 'timeout' }));
    expect(f).toMatchObject({ stage: 'main', messageKey: 'newCase.saveFailed', uncertain: true, detail: TIMEOUT_MESSAGE });
  });

  it('subform failures name their subform', () => {
    const err = new ApiError(500, 'INTERNAL', '');
    expect(t(subformFailure(EVENT_TYPE.ACCIDENT, err).messageKey)).toBe('Ops! Informasi kemalangan tidak berjaya disimpan.');
    expect(t(subformFailure(EVENT_TYPE.OBSTACLE, err).messageKey)).toBe('Ops! InformasiObstacle information tidak berjaya disimpan.');
    expect(subformFailure(EVENT_TYPE.OTHERS, err)).toMatchObject({ stage: 'subform', messageKey: 'newCase.subformFailed.others' });
  });
});

describe('new-case form schema', () => {
  it('an empty form is refused with the messages under the fields', () => {
    const r = NewCaseSchema.safeParse(newCaseDefaults());
    expect(r.success).toBe(false);
    // the first message of each field is the one shown
    const byField: Record<string, string> = {};
    for (const i of r.error?.issues ?? []) byField[i.path.join('.')] ??= i.message;
    expect(byField.pkSectionId).toBe('Sila pilih seksyen');
    expect(byField.kilometerMarker).toBe('Kilometer diperlukan');
    expect(byField.pkDutyRosterId).toBe('Sila pilih "Ditugaskan Kepada".');
  });

  it('a remark over 500 is refused', () => {
    const v = { ...newCaseDefaults(), subform: { ...newCaseDefaults().subform, remark: 'X'.repeat(501) } };
    const r = NewCaseSchema.safeParse(v);
    expect(r.error?.issues.some((i) => i.path.join('.') === 'subform.remark')).toBe(true);
  });
});
