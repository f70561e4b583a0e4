import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { PageLoading } from '../../shared/ui/PageLoading';
import { ErrorBoundary } from '../pages/ErrorPage';
import { lazyWithMui } from '../lazy-page';
import type { NavGroup } from '../navigation';
import { LanguageSwitcher } from './LanguageSwitcher';
import { NavigationList } from './NavigationList';
import { ShellButton } from '../../shared/ui/ShellButton';
import { ShellIcon } from './ShellIcon';

const DRAWER_WIDTH = 264;
// MUI's Drawer (focus trap, backdrop, slide) with MUI's theme, loaded when the phone's menu is first opened.
const MobileDrawer = lazyWithMui(() => import('./MobileDrawer'));

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
 * phones), the page, and a footer. Plain elements with static CSS (shell.css, the theme's values): no MUI on the home
 * page (decision 0003).
 */
export function AppShell({ title, shortTitle, homePath, navigation, navigationLabel, drawerHeader, footer, appBarColor = 'primary' }: Props) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [mobileUsed, setMobileUsed] = useState(false);
  const hasNavigation = navigation.some((group) => group.items.length > 0);

  const drawer = (
    <div className="bjk-drawer-body">
      {drawerHeader}
      <NavigationList groups={navigation} onNavigate={() => setMobileOpen(false)} label={navigationLabel} />
    </div>
  );

  return (
    <div className="bjk-shell">
      <a href="#main" className="bjk-skip-link">
        {t('skipToContent')}
      </a>
      <header className={`bjk-app-bar bjk-app-bar--${appBarColor}`}>
        <div className="bjk-toolbar">
          {hasNavigation && (
            <ShellButton
              variant="icon"
              className="bjk-menu-button"
              onClick={() => {
                setMobileUsed(true);
                setMobileOpen((open) => !open);
              }}
              aria-label={t('openMenu')}
            >
              <ShellIcon name="menu" />
            </ShellButton>
          )}
          <RouterLink to={homePath} className="bjk-app-title">
            <span className="bjk-app-title-wide">{title}</span>
            <span className="bjk-app-title-short">{shortTitle}</span>
          </RouterLink>
          <LanguageSwitcher />
        </div>
      </header>
      {hasNavigation && (
        <aside className="bjk-aside">
          {mobileUsed && (
            <Suspense fallback={null}>
              <MobileDrawer open={mobileOpen} onClose={() => setMobileOpen(false)} width={DRAWER_WIDTH} label={navigationLabel}>
                {/* The app bar stays above the drawer (its button closes it): the menu starts below it. */}
                <div className="bjk-toolbar" />
                {drawer}
              </MobileDrawer>
            </Suspense>
          )}
          <div className="bjk-drawer-fixed">
            <div className="bjk-toolbar" />
            {drawer}
          </div>
        </aside>
      )}
      <div className="bjk-content">
        <div className="bjk-toolbar" />
        <main id="main" tabIndex={-1} className="bjk-main">
          <ErrorBoundary resetKey={pathname}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
        {footer}
      </div>
    </div>
  );
}
