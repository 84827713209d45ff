import { afterEach, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '@contract/staff-rules';
import { ApiError, errorText, toApiError } from '@/lib/api';
import { getLanguage, serverText, setLanguage } from '@/lib/i18n';
import { LoginError, loginErrorText } from '@/features/auth/login';

/** An error answer as the API (this server's or the operator's) sends it: the envelope with a Malay statusMsg. */
const answer = (status: number, errorCode: string, statusMsg: string, extra: Record<string, unknown> = {}) =>
  toApiError(status, { statusCode: status, statusMsg, body: { errorCode, ...extra } });

describe('the server’s texts where the app shows them (errorText, ApiError, serverText)', () => {
  afterEach(async () => {
    await setLanguage('ms');
  });

  it('Malay: the server’s words exactly as they came', () => {
    expect(getLanguage()).toBe('ms');
    const e = answer(404, 'NOT_FOUND', 'Rekod tidak dijumpai.');
    expect(errorText(e)).toBe('NOT_FOUND: Rekod tidak dijumpai.');
    expect(e.shownMsg).toBe('Rekod tidak dijumpai.');
    expect(serverText('Kata laluan baharu mesti mengandungi nombor')).toBe('Kata laluan baharu mesti mengandungi nombor');
  });

  it('English: the catalogue’s English, values carried over; the error keeps what the server sent', async () => {
    await setLanguage('en');
    const e = answer(403, 'FORBIDDEN', 'Anda tidak dibenarkan melakukan tindakan ini.');
    expect(errorText(e)).toBe('FORBIDDEN: You are not allowed to do this.');
    expect(e.codeAndMessage).toBe('FORBIDDEN: You are not allowed to do this.');
    expect(e.statusMsg).toBe('Anda tidak dibenarkan melakukan tindakan ini.');

    // a template: the ticket number goes over as it is
    expect(answer(404, 'NOT_FOUND', 'Tiada kes dengan nombor tiket TMC-N9-20261201-0042.').shownMsg).toBe(
      'No case with ticket number TMC-N9-20261201-0042.',
    );
    // a label inside a text is translated too; names and numbers are not
    expect(serverText('Subform 88 bukan subform haiwan liar.')).toBe('Subform 88 is not the Stray animal subform.');
    expect(serverText('Ahmad bin Ali sudah menjadi ahli pasukan N9-PAGI-A.')).toBe('Ahmad bin Ali is already a member of team N9-PAGI-A.');
    // a refused field: its message inside the line, and the message of `issues`
    const v = answer(400, 'VALIDATION', 'Input tidak sah: newPassword — Kata laluan baharu mesti mengandungi nombor', {
      field: 'newPassword',
      issues: [{ field: 'newPassword', message: 'Kata laluan baharu mesti mengandungi nombor' }],
    });
    expect(v.shownMsg).toBe('Invalid input: newPassword — The new password must contain a digit');
    expect(serverText(v.issues![0].message)).toBe('The new password must contain a digit');
    // two message constants in a row, sentence by sentence
    expect(serverText(`${STAFF_MESSAGES.notFound} ${STAFF_MESSAGES.inactive}`)).toBe('Staff member not found. This staff member is inactive.');
  });

  it('a text the catalogue does not know is shown as it came', async () => {
    await setLanguage('en');
    for (const text of ['Ralat baharu pelayan yang belum diterjemah.', 'Sesuatu berlaku. Rekod tidak dijumpai.', 'Some English text.', ''])
      expect(serverText(text)).toBe(text);
    expect(errorText(answer(409, 'CONFLICT', 'Mesej baharu: kes 12 sudah dikunci.'))).toBe('CONFLICT: Mesej baharu: kes 12 sudah dikunci.');
  });

  it('follows the language: the same error reads in English, then in Malay again', async () => {
    const e = answer(401, 'TOKEN_EXPIRED', 'Sesi telah tamat. Sila log masuk semula.');
    const kept = { message: 'Jadual tugas ini di luar wilayah anda.' };
    await setLanguage('en');
    expect(errorText(e)).toBe('TOKEN_EXPIRED: The session has expired. Please sign in again.');
    expect(serverText(kept.message)).toBe('This duty roster is outside your region.');
    await setLanguage('ms');
    expect(errorText(e)).toBe('TOKEN_EXPIRED: Sesi telah tamat. Sila log masuk semula.');
    expect(serverText(kept.message)).toBe('Jadual tugas ini di luar wilayah anda.');
    // either language asked for directly
    expect(serverText(kept.message, 'en')).toBe('This duty roster is outside your region.');
  });

  it('the sign-in screen’s line (§8: CODE: message) and a failure kept as a text', async () => {
    const refused = new LoginError('server', 'ignored', {
      cause: answer(401, 'INVALID_CREDENTIALS', 'Nama pengguna atau kata laluan tidak sah.'),
    });
    expect(loginErrorText(refused)).toBe('INVALID_CREDENTIALS: Nama pengguna atau kata laluan tidak sah.');
    await setLanguage('en');
    expect(loginErrorText(refused)).toBe('INVALID_CREDENTIALS: Invalid username or password.');
    expect(loginErrorText(new LoginError('token', 'Token not received.'))).toBe('Token not received.');
    // a screen may keep a text of its own as the failure
    expect(errorText('Sila pilih peranan.')).toBe('Sila pilih peranan.');
    // not the server's: a timeout's or a lost connection's text is the app's own
    expect(errorText(new ApiError(0, 'NETWORK', 'No connection to the server.', { kind: 'network' }))).toBe('No connection to the server.');
  });
});
