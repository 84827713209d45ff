/**
 * Zod-free constants of the user accounts; the schema module contract/users.ts re-exports them. The PWA's English
 * catalogue of the server's texts (src/lib/i18n/server-texts-en.ts) takes its messages from here, without zod.
 */

/** Server messages (Malay), named once so the tests and the screens read the same words. */
export const USERS_MESSAGES = {
  registered: 'Pengguna berjaya didaftarkan.',
  activated: 'Pengguna berjaya diaktifkan.',
  deactivated: 'Pengguna berjaya dinyahaktifkan. Sesi mereka telah ditamatkan.',
  roleChanged: 'Peranan pengguna berjaya ditukar. Sesi mereka telah ditamatkan.',
  passwordReset: 'Kata laluan sementara telah ditetapkan. Pengguna perlu menukarnya semasa log masuk seterusnya.',
  linkMade: 'Pautan set semula kata laluan telah dijana. Serahkan pautan ini kepada pengguna.',
  linkUsed: 'Kata laluan berjaya ditetapkan. Sila log masuk dengan kata laluan baharu.',
  usernameTaken: 'Nama pengguna sudah wujud',
  staffHasUser: 'Kakitangan ini sudah mempunyai akaun pengguna.',
  staffNotFound: 'Kakitangan tidak dijumpai.',
  staffInactive: 'Kakitangan ini tidak aktif; akaun tidak boleh didaftarkan.',
  userNotFound: 'Pengguna tidak dijumpai.',
  roleNotFound: 'Peranan tidak wujud.',
  ldapNotConfigured: 'Pengesahan LDAP tidak dikonfigurasi pada pelayan ini.',
  ldapUnknownAccount: 'Akaun ini tidak wujud dalam direktori LDAP.',
  ldapUnavailable: 'Direktori LDAP tidak dapat dihubungi. Sila cuba sebentar lagi atau hubungi pentadbir.',
  ldapPassword: 'Kata laluan pengguna LDAP diurus dalam direktori LDAP, bukan di sini.',
  notSelfDeactivate: 'Anda tidak boleh menyahaktifkan akaun anda sendiri.',
  notSelfRole: 'Anda tidak boleh menukar peranan anda sendiri.',
  sameRole: 'Pengguna sudah mempunyai peranan ini.',
  inactiveUser: 'Pengguna ini tidak aktif; aktifkan dahulu.',
  linkInvalid: 'Pautan set semula kata laluan tidak sah atau telah digunakan.',
  linkExpired: 'Pautan set semula kata laluan telah tamat tempoh. Minta pautan baharu daripada pentadbir.',
} as const;
