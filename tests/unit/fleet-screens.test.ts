/**
 * The fleet screens (issue #16): who may open which route, the administration hub's cards, and the URLs of the lists
 * (plain parsers: a malformed value is dropped).
 */
import { describe, expect, it } from 'vitest';
import { ROLES } from '@contract';
import { guardRedirect, routePermission, type GuardUser } from '@/lib/access';
import { adminCardsFor } from '@/features/support/admin-hub';
import { fleetIdParam, parseAssetListSearch, parseManageVehicleSearch, parseMasterListSearch } from '@/features/fleet/fleet-search';

const as = (roleName: string): GuardUser => ({ roleName, roleId: ROLES.find((r) => r.name === roleName)!.id });

describe('fleet routes', () => {
  it('the lists are for readOrg, the forms for fleetManage; /maintenance/checkusername stays public', () => {
    expect(routePermission('/managevehicle')).toBe('readOrg');
    expect(routePermission('/listingasset')).toBe('readOrg');
    expect(routePermission('/maintenance')).toBe('readOrg');
    expect(routePermission('/registervehicle')).toBe('fleetManage');
    expect(routePermission('/registervehicle/12')).toBe('fleetManage');
    expect(routePermission('/createupdateasset')).toBe('fleetManage');
    expect(routePermission('/createupdateasset/7')).toBe('fleetManage');
    expect(guardRedirect('/maintenance/checkusername', null)).toBeNull();
    expect(guardRedirect('/maintenance', null)?.to).toBe('/signin');
  });

  it('a manager opens everything; TMCA reads the lists and is refused the forms', () => {
    for (const path of ['/managevehicle', '/registervehicle', '/registervehicle/3', '/listingasset', '/createupdateasset/3', '/maintenance'])
      expect(guardRedirect(path, as('SECTMGR'))).toBeNull();
    for (const path of ['/managevehicle', '/listingasset', '/maintenance']) expect(guardRedirect(path, as('TMCA'))).toBeNull();
    expect(guardRedirect('/registervehicle', as('TMCA'))).toEqual({ to: '/', denied: true });
    expect(guardRedirect('/createupdateasset/3', as('TMCA'))).toEqual({ to: '/', denied: true });
    expect(guardRedirect('/managevehicle', as('OTHERS'))).toEqual({ to: '/', denied: true });
  });

  it('the hub shows the fleet cards to the roles that may open them, not to role id 1 (it stays on its pages)', () => {
    const paths = (role: string) => adminCardsFor(role).map((c) => c.path);
    expect(paths('SECTMGR')).toEqual(expect.arrayContaining(['/managevehicle', '/listingasset', '/maintenance']));
    expect(paths('PRIMEADMIN')).toEqual(expect.arrayContaining(['/managevehicle', '/listingasset', '/maintenance']));
    expect(paths('Administrator')).not.toContain('/managevehicle');
    expect(paths('Administrator')).toEqual(expect.arrayContaining(['/manageuser', '/registeruser']));
  });
});

describe('fleet list URLs', () => {
  it('keeps the valid filters and the tab, drops the rest', () => {
    expect(parseManageVehicleSearch({ tab: 'callsign', q: ' wxy ', sectionId: '9', status: 'inactive', attention: 'true', page: '2' })).toEqual({
      page: 2,
      tab: 'callsign',
      q: 'wxy',
      sectionId: 9,
      status: 'inactive',
      attention: true,
    });
    expect(parseManageVehicleSearch({ tab: 'kenderaan', sectionId: 'abc', status: 'x', attention: 'no' })).toEqual({});
    expect(parseAssetListSearch({ category: 5, vehicleId: '0', q: '' })).toEqual({ category: 5 });
    expect(parseMasterListSearch({ category: '12', status: 'active', sort: 'name;drop' })).toEqual({ category: 12, status: 'active' });
  });

  it('a record id is a positive whole number', () => {
    expect(fleetIdParam('42')).toBe(42);
    expect(fleetIdParam('0')).toBeUndefined();
    expect(fleetIdParam('4x')).toBeUndefined();
    expect(fleetIdParam('-3')).toBeUndefined();
  });
});
