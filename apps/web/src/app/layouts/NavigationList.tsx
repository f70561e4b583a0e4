import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import type { NavGroup } from '../navigation';

type Props = { groups: NavGroup[]; onNavigate?: () => void; label: string };

export function NavigationList({ groups, onNavigate, label }: Props) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const id = useId();
  return (
    <nav aria-label={label}>
      {groups
        .filter((group) => group.items.length > 0)
        .map((group) => (
          <div key={group.key}>
            <ListSubheader component="h2" id={`${id}-${group.key}`} disableSticky sx={{ lineHeight: '40px' }}>
              {t(group.labelKey)}
            </ListSubheader>
            <List dense disablePadding aria-labelledby={`${id}-${group.key}`}>
              {group.items.map((item) => (
                <ListItem key={item.to} disablePadding>
                  <ListItemButton
                    component={NavLink}
                    to={item.to}
                    end
                    selected={pathname === item.to}
                    onClick={onNavigate}
                  >
                    <ListItemText primary={t(item.labelKey)} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </div>
        ))}
    </nav>
  );
}
