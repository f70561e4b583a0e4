import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { NavGroup } from '../navigation';

type Props = { groups: NavGroup[]; onNavigate?: () => void; label: string };

/** Plain links styled like MUI's list (shell.css): no MUI on the home page. */
export function NavigationList({ groups, onNavigate, label }: Props) {
  const { t } = useTranslation('common');
  const id = useId();
  return (
    <nav aria-label={label}>
      {groups
        .filter((group) => group.items.length > 0)
        .map((group) => (
          <div key={group.key} className="bjk-nav-group">
            <h2 id={`${id}-${group.key}`} className="bjk-nav-heading">
              {t(group.labelKey)}
            </h2>
            <ul aria-labelledby={`${id}-${group.key}`} className="bjk-nav-list">
              {group.items.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end onClick={onNavigate} className="bjk-nav-link">
                    {'label' in item ? item.label : t(item.labelKey)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
    </nav>
  );
}
