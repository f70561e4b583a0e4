import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@bjk/domain/permissions';
import { mgmtNavigation } from './mgmt-navigation';

// The back-office menu shows a manager only the pages their permissions open (MgmtLayout filters by `permission`).
describe('the back-office menu', () => {
  it('names a known permission for every page but the dashboard and logging out', () => {
    const open = new Set(['/mgmt', '/mgmt/logout']);
    const items = mgmtNavigation.flatMap((group) => group.items).filter((item) => !open.has(item.to));
    expect(items.filter((item) => !item.permission || !(PERMISSIONS as readonly string[]).includes(item.permission)).map((item) => item.to)).toEqual([]);
  });
});
