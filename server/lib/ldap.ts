/**
 * LDAP sign-in (issue #14 item 2; spec §6 "User registration uses authentication type LDAP"), with ldapts.
 *
 * A user of authType LDAP signs in by a simple bind to the directory as the DN of LDAP_BIND_DN_TEMPLATE (default
 * `uid={username},<LDAP_BASE_DN>`) with the password typed; registering such a user first looks the DN up (a base
 * search, bound as LDAP_SEARCH_BIND_DN when set, else anonymous). Each call opens its own connection and closes it.
 *
 * - a wrong password (invalidCredentials) answers false, like a wrong local password;
 * - a directory that cannot be reached, times out or says it is busy or unavailable throws LdapUnavailableError
 *   (the routes answer 503 with a Malay message, never 500);
 * - a username outside the allowed characters never reaches the directory, and every value put into a DN is escaped
 *   (RFC 4514) anyway.
 */
import { Client, InvalidCredentialsError, NoSuchObjectError, ResultCodeError } from 'ldapts';
import { USERNAME_MAX, USERNAME_PATTERN } from '../../contract/users';
import type { Config } from '../config';

export type LdapConfig = Config['ldap'];

/** The directory could not answer (down, refused, timed out, busy): not the user's fault. */
export class LdapUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`LDAP directory unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'LdapUnavailableError';
  }
}

/** RFC 4514 escaping of one attribute value put into a DN. */
export function escapeDnValue(value: string): string {
  let out = value.replace(/[\\,+"<>;=]/g, (c) => `\\${c}`).replace(/\0/g, '\\00');
  if (out.startsWith('#') || out.startsWith(' ')) out = `\\${out}`;
  if (out.endsWith(' ') && !out.endsWith('\\ ')) out = `${out.slice(0, -1)}\\ `;
  return out;
}

/** A username the directory may be asked about: the same characters a registered username may hold. */
export const isDirectoryUsername = (username: string) => username.length > 0 && username.length <= USERNAME_MAX && USERNAME_PATTERN.test(username);

/** The DN a user binds as. */
export function userDnOf(cfg: Pick<LdapConfig, 'bindDnTemplate' | 'baseDn'>, username: string): string {
  const template = cfg.bindDnTemplate ?? `uid={username},${cfg.baseDn}`;
  return template.split('{username}').join(escapeDnValue(username));
}

/** Result codes that mean the directory cannot serve now (busy 51, unavailable 52) rather than "no". */
const UNAVAILABLE_CODES = new Set([51, 52]);

export interface LdapDirectory {
  /** binds as the user: true when the password is right, false when not; throws LdapUnavailableError */
  verify(username: string, password: string): Promise<boolean>;
  /** is there such an account in the directory? throws LdapUnavailableError */
  exists(username: string): Promise<boolean>;
  /** where it points (logs) */
  readonly url: string;
}

/** The directory of the configuration, or null when LDAP_URL is not set. */
export function createLdapDirectory(cfg: LdapConfig): LdapDirectory | null {
  const url = cfg.url;
  if (!url) return null;
  const client = () => new Client({ url, timeout: cfg.timeoutMs, connectTimeout: cfg.timeoutMs, strictDN: true });

  async function withClient<T>(work: (c: Client) => Promise<T>): Promise<T> {
    const c = client();
    try {
      return await work(c);
    } finally {
      // closing never decides the answer
      await c.unbind().catch(() => undefined);
    }
  }

  return {
    url,
    async verify(username, password) {
      // an empty password would be an unauthenticated bind, which directories accept: never a sign-in
      if (!password || !isDirectoryUsername(username)) return false;
      return withClient(async (c) => {
        try {
          await c.bind(userDnOf(cfg, username), password);
          return true;
        } catch (err) {
          if (err instanceof InvalidCredentialsError) return false;
          // another refusal of the bind by the directory (e.g. unwillingToPerform for a locked account): a refusal
          if (err instanceof ResultCodeError && !UNAVAILABLE_CODES.has(err.code)) return false;
          throw new LdapUnavailableError(err);
        }
      });
    },
    async exists(username) {
      if (!isDirectoryUsername(username)) return false;
      return withClient(async (c) => {
        try {
          // a search account the directory refuses is this server's misconfiguration: the directory is unusable
          if (cfg.searchBindDn)
            await c.bind(cfg.searchBindDn, cfg.searchBindPassword ?? '').catch((err) => Promise.reject(new LdapUnavailableError(err)));
          const { searchEntries } = await c.search(userDnOf(cfg, username), {
            scope: 'base',
            filter: '(objectClass=*)',
            attributes: ['1.1'],
            sizeLimit: 1,
          });
          return searchEntries.length > 0;
        } catch (err) {
          if (err instanceof NoSuchObjectError) return false;
          if (err instanceof LdapUnavailableError) throw err;
          // anything else (refused search, no answer): the directory cannot tell, so nothing is registered
          throw new LdapUnavailableError(err);
        }
      });
    },
  };
}
