/**
 * A real OpenLDAP for the LDAP tests (issue #14): Debian's slapd on a free loopback port with a throw-away mdb
 * database in a temporary folder (slapd.conf style configuration), loaded with slapadd before it starts:
 *
 *   dc=lebuhraya,dc=test
 *     ou=people: uid=ldapuser, uid=ldap.kedua (inetOrgPerson, userPassword hashed by slappasswd)
 *
 * slapd runs in the foreground (-d 0) as the current user and is stopped (SIGTERM) and its folder removed by stop().
 * When slapd is not installed this throws, so the tests FAIL with the reason: CI installs it (.ci/run).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const LDAP_SUFFIX = 'dc=lebuhraya,dc=test';
export const LDAP_PEOPLE = `ou=people,${LDAP_SUFFIX}`;
export const LDAP_ROOT_DN = `cn=admin,${LDAP_SUFFIX}`;
export const LDAP_ROOT_PASSWORD = 'slapd-root-secret';
export const LDAP_PEOPLE_ACCOUNTS = [
  { uid: 'ldapuser', cn: 'Pengguna Direktori', password: 'Direktori@2026' },
  { uid: 'ldap.kedua', cn: 'Pengguna Kedua', password: 'Kedua#2026' },
] as const;

export interface Slapd {
  url: string;
  port: number;
  suffix: string;
  peopleDn: string;
  bindDnTemplate: string;
  rootDn: string;
  rootPassword: string;
  stop(): Promise<void>;
}

/** An OpenLDAP tool: on PATH, else in the sbin folders Debian puts it in. */
function tool(name: string): string | null {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  for (const d of dirs) {
    const p = path.join(d, name);
    if (d && existsSync(p)) return p;
  }
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect({ host: '127.0.0.1', port });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

export async function startSlapd(): Promise<Slapd> {
  const slapd = tool('slapd');
  const slapadd = tool('slapadd');
  const slappasswd = tool('slappasswd');
  if (!slapd || !slapadd || !slappasswd) {
    throw new Error(
      'OpenLDAP slapd is not installed, so the LDAP tests cannot run: install it with ' +
        '`DEBIAN_FRONTEND=noninteractive apt-get install -y slapd ldap-utils` (CI does this in .ci/run).',
    );
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'lebuhraya-slapd-'));
  const dbDir = path.join(dir, 'db');
  await mkdir(dbDir);
  const conf = path.join(dir, 'slapd.conf');
  // Debian builds the mdb backend as a module under /usr/lib/ldap; other builds have it built in
  const moduleDir = ['/usr/lib/ldap', '/usr/lib/x86_64-linux-gnu/ldap', '/usr/lib/aarch64-linux-gnu/ldap', '/usr/lib/openldap'].find((d) =>
    existsSync(path.join(d, 'back_mdb.so')),
  );
  await writeFile(
    conf,
    [
      'include /etc/ldap/schema/core.schema',
      'include /etc/ldap/schema/cosine.schema',
      'include /etc/ldap/schema/inetorgperson.schema',
      `pidfile ${path.join(dir, 'slapd.pid')}`,
      ...(moduleDir ? [`modulepath ${moduleDir}`, 'moduleload back_mdb'] : []),
      'database mdb',
      `suffix "${LDAP_SUFFIX}"`,
      `rootdn "${LDAP_ROOT_DN}"`,
      `rootpw ${LDAP_ROOT_PASSWORD}`,
      `directory ${dbDir}`,
      'maxsize 10485760',
      // passwords are for binding only; everything else may be read (the registration's look-up may be anonymous)
      'access to attrs=userPassword by self write by anonymous auth by * none',
      'access to * by * read',
      '',
    ].join('\n'),
  );
  const people: string[] = [];
  for (const p of LDAP_PEOPLE_ACCOUNTS) {
    const { stdout } = await run(slappasswd, ['-s', p.password]);
    people.push(
      [
        `dn: uid=${p.uid},${LDAP_PEOPLE}`,
        'objectClass: inetOrgPerson',
        `uid: ${p.uid}`,
        `cn: ${p.cn}`,
        `sn: ${p.cn.split(' ').pop()}`,
        `userPassword: ${stdout.trim()}`,
      ].join('\n'),
    );
  }
  const ldif = path.join(dir, 'base.ldif');
  await writeFile(
    ldif,
    [
      [`dn: ${LDAP_SUFFIX}`, 'objectClass: dcObject', 'objectClass: organization', 'o: Lebuhraya', 'dc: lebuhraya'].join('\n'),
      [`dn: ${LDAP_PEOPLE}`, 'objectClass: organizationalUnit', 'ou: people'].join('\n'),
      ...people,
      '',
    ].join('\n\n'),
  );
  try {
    await run(slapadd, ['-f', conf, '-l', ldif]);
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(`slapadd could not load the test directory: ${(err as { stderr?: string }).stderr ?? String(err)}`);
  }

  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(slapd, ['-d', '0', '-h', `${url}/`, '-f', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (b: Buffer) => {
    stderr = (stderr + b.toString()).slice(-4000);
  });
  let exited: number | null = null;
  const done = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exited = code ?? -1;
      resolve();
    }),
  );

  const stop = async () => {
    if (exited === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await done;
      clearTimeout(killer);
    }
    await rm(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 15_000;
  for (;;) {
    if (exited !== null) {
      await rm(dir, { recursive: true, force: true });
      throw new Error(`slapd stopped at once (exit ${exited}): ${stderr.trim() || 'no output'} (AppArmor may keep it out of ${tmpdir()})`);
    }
    if (await answers(port)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`slapd did not answer on ${url} within 15 s: ${stderr.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    port,
    suffix: LDAP_SUFFIX,
    peopleDn: LDAP_PEOPLE,
    bindDnTemplate: `uid={username},${LDAP_PEOPLE}`,
    rootDn: LDAP_ROOT_DN,
    rootPassword: LDAP_ROOT_PASSWORD,
    stop,
  };
}
