import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import type { NavGroup } from '../navigation';

type Props = { groups: NavGroup[]; onNavigate?: () => void; label: string };

export function NavigationList({ groups, onNavigate, label }: Props) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  return (
    <nav aria-label={label}>
      {groups
        .filter((group) => group.items.length > 0)
        .map((group) => (
          <List
            key={group.key}
            dense
            subheader={<ListSubheader component="div" disableSticky>{t(group.labelKey)}</ListSubheader>}
          >
            {group.items.map((item) => (
              <ListItemButton
                key={item.to}
                component={NavLink}
                to={item.to}
                end
                selected={pathname === item.to}
                onClick={onNavigate}
              >
                <ListItemText primary={t(item.labelKey)} />
              </ListItemButton>
            ))}
          </List>
        ))}
    </nav>
  );
}
