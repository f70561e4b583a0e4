import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useEdition } from '../../shared/edition/useEdition';
import { currentLanguage } from '../../shared/i18n';
import { hasPermission, useManager } from '../../shared/auth/session';
import { mgmtNavigation } from '../mgmt-navigation';
import type { NavGroup } from '../navigation';
import { AppShell } from './AppShell';

/** The back office layout, used by every /mgmt route: its own drawer and app bar. */
export function MgmtLayout() {
  const { t } = useTranslation('common');
  const edition = useEdition();
  const language = currentLanguage();
  const session = useManager();
  const navigation: NavGroup[] = mgmtNavigation.map((group) => ({
    ...group,
    items: group.items.filter((item) => !item.permission || hasPermission(session, item.permission)),
  }));
  return (
    <AppShell
      title={t('mgmt.title', { edition: edition.shortName[language] })}
      shortTitle={t('mgmt.shortTitle')}
      homePath="/mgmt"
      navigation={navigation}
      navigationLabel={t('mgmt.navLabel')}
      appBarColor="default"
      drawerHeader={
        <ListItemButton component={RouterLink} to="/">
          <ListItemIcon>
            <ArrowBackIcon />
          </ListItemIcon>
          <ListItemText primary={t('mgmt.backToSite')} />
        </ListItemButton>
      }
    />
  );
}
