import { describe, expect, it } from 'vitest';
import { ROLES } from '@contract';
import { afterSignInTarget, guardRedirect, isChromeless, landingFor, type GuardUser } from '@/lib/access';
import { shouldCheckToken } from '@/app/session-events';

const as = (roleName: string): GuardUser => ({ roleName, roleId: ROLES.find((r) => r.name === roleName)!.id });

describe('route guards (§2.2)', () => {
  it('signed out: everything but /signin, /resetpassword and the username check goes to /signin', () => {
    expect(guardRedirect('/', null)).toEqual({ to: '/signin' });
    expect(guardRedirect('/listingroster', null)).toEqual({ to: '/signin', search: { redirect: '/listingroster' } });
    expect(guardRedirect('/primesupport', null)?.to).toBe('/signin');
    expect(guardRedirect('/map', null)?.to).toBe('/signin');
    expect(guardRedirect('/signin', null)).toBeNull();
    expect(guardRedirect('/maintenance/checkusername', null)).toBeNull();
    expect(guardRedirect('/maintenance/checkusername/', null)).toBeNull();
    expect(guardRedirect('/resetpassword', null)).toBeNull();
    expect(guardRedirect('/usernamechecker', null)).toBeNull();
  });

  it('role id 1 always lands on /primesupport', () => {
    const admin = as('Administrator');
    expect(landingFor(admin)).toBe('/primesupport');
    expect(guardRedirect('/', admin)).toEqual({ to: '/primesupport' });
    expect(guardRedirect('/listingroster', admin)).toEqual({ to: '/primesupport', denied: true });
    expect(guardRedirect('/signin', admin)).toEqual({ to: '/primesupport' });
    expect(guardRedirect('/primesupport', admin)).toBeNull();
    // and administers users and roles (issue #14), nothing else of the administration
    expect(guardRedirect('/manageuser', admin)).toBeNull();
    expect(guardRedirect('/registeruser', admin)).toBeNull();
    expect(guardRedirect('/listingstaff', admin)).toEqual({ to: '/primesupport', denied: true });
    expect(guardRedirect('/signout', admin)).toBeNull();
    expect(guardRedirect('/maintenance/checkusername', admin)).toBeNull();
  });

  it('a route the role may not use sends it back to its landing page, saying it has no access', () => {
    expect(guardRedirect('/listingroster', as('TMCA'))).toBeNull();
    expect(guardRedirect('/listingroster', as('SUPERADMIN'))).toBeNull();
    expect(guardRedirect('/listingroster', as('PR'))).toEqual({ to: '/', denied: true });
    expect(guardRedirect('/listingroster', as('OTHERS'))).toEqual({ to: '/', denied: true });
    expect(guardRedirect('/primesupport', as('TMCA'))).toEqual({ to: '/', denied: true });
    // the administration hub (issue #14): PRIMEADMIN and the managers may open it, the operators not
    expect(guardRedirect('/primesupport', as('PRIMEADMIN'))).toBeNull();
    expect(guardRedirect('/primesupport', as('SECTMGR'))).toBeNull();
    expect(guardRedirect('/listingstaff', as('TMCA'))).toEqual({ to: '/', denied: true });
    expect(guardRedirect('/manageuser', as('SECTMGR'))).toEqual({ to: '/', denied: true });
    expect(guardRedirect('/manageuser', as('PRIMEADMIN'))).toBeNull();
  });

  it('every signed-in role other than id 1 lands on / (dashboard or welcome card), and / never loops', () => {
    for (const r of ROLES.filter((x) => x.id !== 1)) {
      expect(landingFor(as(r.name))).toBe('/');
      expect(guardRedirect('/', as(r.name))).toBeNull();
      expect(guardRedirect('/signin', as(r.name))).toEqual({ to: '/' });
    }
  });

  it('after sign-in goes back to where the user was going, if allowed and internal', () => {
    expect(afterSignInTarget('/listingroster', as('TMCA'))).toBe('/listingroster');
    expect(afterSignInTarget('/listingroster', as('PR'))).toBe('/');
    expect(afterSignInTarget('/listingroster', as('Administrator'))).toBe('/primesupport');
    expect(afterSignInTarget('//evil.example', as('TMCA'))).toBe('/');
    expect(afterSignInTarget('https://evil.example', as('TMCA'))).toBe('/');
    expect(afterSignInTarget('/signout', as('TMCA'))).toBe('/');
    expect(afterSignInTarget(undefined, as('TSTE'))).toBe('/');
  });

  it('no chrome on sign-in, reset, sign-out and the username check', () => {
    expect(isChromeless('/signin')).toBe(true);
    expect(isChromeless('/maintenance/checkusername')).toBe(true);
    expect(isChromeless('/signout')).toBe(true);
    expect(isChromeless('/')).toBe(false);
    expect(isChromeless('/listingroster')).toBe(false);
  });
});

describe('token check on route change (§4.1)', () => {
  it('checks real moves between app routes only', () => {
    expect(shouldCheckToken('/', '/listingroster')).toBe(true);
    expect(shouldCheckToken('/listingroster', '/')).toBe(true);
    expect(shouldCheckToken('/listingroster', '/listingroster')).toBe(false);
    expect(shouldCheckToken('/listingroster/', '/listingroster')).toBe(false);
    expect(shouldCheckToken('/signin', '/')).toBe(false);
    expect(shouldCheckToken('/', '/signout')).toBe(false);
    expect(shouldCheckToken(undefined, '/')).toBe(false);
  });
});

describe('dynamic route permissions', () => {
  it('a /prefix/* entry covers the paths below it', async () => {
    const { routePermission, guardRedirect } = await import('@/lib/access');
    expect(routePermission('/insidenView/42')).toBe('viewCase');
    expect(routePermission('/insiden/42/7')).toBe('viewCase');
    expect(routePermission('/kesbaru')).toBe('newCase');
    expect(routePermission('/nowhere/1')).toBeUndefined();
    // OTHERS may not open a case; a TMC operator may
    expect(guardRedirect('/insidenView/42', { roleId: 112, roleName: 'OTHERS' })).toEqual({ to: '/', denied: true });
    expect(guardRedirect('/insidenView/42', { roleId: 104, roleName: 'TMCA' })).toBeNull();
    expect(guardRedirect('/kesbaru', { roleId: 106, roleName: 'PR' })).toEqual({ to: '/', denied: true });
  });
});
