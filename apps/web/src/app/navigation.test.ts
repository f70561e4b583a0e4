import { describe, expect, it } from 'vitest';
import type { MenuEntry } from '@bjk/domain/content';
import { publicNavigation, withPages } from './navigation';

const entry = (slug: string, group: MenuEntry['group'], order: number, title = slug): MenuEntry => ({ slug, path: `/page/${slug}`, group, order, title });
const labels = (groups: ReturnType<typeof withPages>, key: string) =>
  groups.find((g) => g.key === key)!.items.map((item) => ('label' in item ? item.label : item.labelKey));

describe('the public menu', () => {
  it('places the pages among the fixed entries of their group by order, a fixed entry first at an equal order', () => {
    const menu = withPages(publicNavigation, [
      entry('subscriptions', 'championship', 50, 'Inschrijvingen'),
      entry('early', 'championship', 10, 'Eerst'),
      entry('stay', 'practical', 10, 'Verblijf'),
      entry('catering', 'practical', 40, 'Maaltijden'),
    ]);
    expect(labels(menu, 'championship')).toEqual([
      'nav.home',
      'Eerst',
      'nav.news',
      'nav.registration',
      'nav.participants',
      'nav.family',
      'Inschrijvingen',
      'nav.files',
    ]);
    expect(labels(menu, 'practical')).toEqual(['Verblijf', 'nav.reservationWizard', 'Maaltijden']);
    expect(menu.find((g) => g.key === 'practical')!.items[0]).toMatchObject({ to: '/page/stay', label: 'Verblijf' });
    expect(labels(menu, 'about')).toEqual([]);
  });

  it('keeps the fixed entries unchanged without pages', () => {
    expect(withPages(publicNavigation, [])).toEqual(publicNavigation);
  });
});
