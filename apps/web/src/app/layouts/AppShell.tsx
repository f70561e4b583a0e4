import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { PageLoading } from '../../shared/ui/PageLoading';
import { ErrorBoundary } from '../pages/ErrorPage';
import type { NavGroup } from '../navigation';
import { LanguageSwitcher } from './LanguageSwitcher';
import { NavigationList } from './NavigationList';
import { ShellButton } from '../../shared/ui/ShellButton';
import { ShellIcon } from './ShellIcon';

const DRAWER_WIDTH = 264;
const MobileDrawer = lazy(() => import('./MobileDrawer'));

type Props = {
  title: string;
  shortTitle: string;
  homePath: string;
  navigation: NavGroup[];
  navigationLabel: string;
  drawerHeader?: ReactNode;
  footer?: ReactNode;
  appBarColor?: 'primary' | 'default';
};

/**
 * The frame both layouts share: app bar, navigation drawer (permanent from 960 px, temporary on
 * phones), the page, and a footer.
 */
export function AppShell({ title, shortTitle, homePath, navigation, navigationLabel, drawerHeader, footer, appBarColor = 'primary' }: Props) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [mobileUsed, setMobileUsed] = useState(false);
  const hasNavigation = navigation.some((group) => group.items.length > 0);

  const drawer = (
    <Box sx={{ overflowY: 'auto' }}>
      {drawerHeader}
      <NavigationList groups={navigation} onNavigate={() => setMobileOpen(false)} label={navigationLabel} />
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <a href="#main" className="skip-link">
        {t('skipToContent')}
      </a>
      <AppBar position="fixed" color={appBarColor} sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
        <Toolbar>
          {hasNavigation && (
            <ShellButton
              variant="icon"
              onClick={() => {
                setMobileUsed(true);
                setMobileOpen((open) => !open);
              }}
              sx={{ mr: 1, ml: -1, display: { md: 'none' } }}
              aria-label={t('openMenu')}
            >
              <ShellIcon name="menu" />
            </ShellButton>
          )}
          <Typography
            variant="h6"
            component={RouterLink}
            to={homePath}
            noWrap
            sx={{ flexGrow: 1, color: 'inherit', textDecoration: 'none', fontSize: { xs: '1.05rem', sm: '1.25rem' } }}
          >
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {title}
            </Box>
            <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
              {shortTitle}
            </Box>
          </Typography>
          <LanguageSwitcher />
        </Toolbar>
      </AppBar>
      {hasNavigation && (
        <Box component="aside" sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
          {mobileUsed && (
            <Suspense fallback={null}>
              <MobileDrawer open={mobileOpen} onClose={() => setMobileOpen(false)} width={DRAWER_WIDTH} label={navigationLabel}>
                {drawer}
              </MobileDrawer>
            </Suspense>
          )}
          <Box
            sx={{ display: { xs: 'none', md: 'block' }, position: 'fixed', top: 0, bottom: 0, width: DRAWER_WIDTH, bgcolor: 'background.paper', borderRight: 1, borderColor: 'divider', overflowY: 'auto' }}
          >
            <Toolbar />
            {drawer}
          </Box>
        </Box>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        {/* At least a screen high: the footer starts below the fold, so a page whose content arrives after the
            first paint (the schedule) pushes nothing visible down (no layout shift). */}
        <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, minHeight: '100vh', px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 1200, width: '100%', mx: 'auto', outline: 'none' }}>
          <ErrorBoundary resetKey={pathname}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </Box>
        {footer}
      </Box>
    </Box>
  );
}
