// The signed-in frame: navigation rail (a drawer below 600 px), header and the page; the
// app's stream controller lives as long as it does (the user is signed in).
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useUserSettings } from '../account/get-user-settings';
import { LiveProvider } from '../live/live-context';
import { AppNotices } from '../pwa/app-notices';
import { ShortcutsHelp } from '../shortcuts/shortcuts-help';
import { useShortcuts } from '../shortcuts/use-shortcuts';
import { homeRouteOf } from '../session/home-route';
import { useServices, useSession } from '../services/services';
import { NARROW_QUERY, useIsMobile } from '../ui/hooks/use-media-query';
import { IconButton } from '../ui/icon-button/icon-button';
import { applyTheme } from '../ui/theme/theme';
import { AppHeader } from './app-header';
import { menuItemsFor } from './menu-items';
import { NavRail } from './nav-rail';
import { TheftAlerts } from './theft-alerts';
import styles from './shell-layout.module.css';

const RAIL_STORAGE_KEY = 'vfm.navRailOpen';

/** the user's last choice; without one, open on a wide screen and collapsed below 1024 px */
function readRailOpen(): boolean {
  const wide = !window.matchMedia(NARROW_QUERY).matches;
  try {
    const stored = window.localStorage.getItem(RAIL_STORAGE_KEY);
    return stored === null ? wide : stored !== 'false';
  } catch {
    return wide;
  }
}

/** The signed-in user's theme, as stored with their settings, rules this device too. */
function useStoredTheme() {
  const theme = useUserSettings().data?.theme;
  useEffect(() => {
    if (theme) applyTheme(theme);
  }, [theme]);
}

export function ShellLayout() {
  const { t } = useTranslation();
  const { appInfo } = useServices();
  const { userType, technician } = useSession();
  const mobile = useIsMobile();
  const location = useLocation();
  const [railOpen, setRailOpen] = useState(readRailOpen);
  const [drawer, setDrawer] = useState<{ open: boolean; at: string }>({ open: false, at: '' });
  // the drawer closes by itself when the page changes
  const drawerOpen = drawer.open && drawer.at === location.key;

  useStoredTheme();
  const isAdmin = userType === 'ADMIN';
  const shortcuts = useShortcuts({ isAdmin });
  const items = menuItemsFor(userType, technician);
  const homeUrl = homeRouteOf(appInfo, userType, technician);

  const changeRail = (open: boolean) => {
    setRailOpen(open);
    try {
      window.localStorage.setItem(RAIL_STORAGE_KEY, String(open));
    } catch {
      // private mode: the state just is not remembered
    }
  };

  return (
    <LiveProvider>
      <div
        className={styles.shell}
        data-rail={mobile ? 'drawer' : railOpen ? 'expanded' : 'collapsed'}
      >
        <TheftAlerts />
        <AppNotices />
        <ShortcutsHelp
          open={shortcuts.helpOpen}
          onOpenChange={shortcuts.setHelpOpen}
          isAdmin={isAdmin}
        />
        <a href="#main" className={styles.skip}>
          {t('shell.skip')}
        </a>
        {!mobile && (
          <aside className={styles.rail}>
            <NavRail
              items={items}
              open={railOpen}
              onOpenChange={changeRail}
              version={appInfo.version}
              homeUrl={homeUrl}
            />
          </aside>
        )}
        {mobile && (
          <Dialog.Root
            open={drawerOpen}
            onOpenChange={(open) => setDrawer({ open, at: location.key })}
          >
            <Dialog.Portal>
              <Dialog.Overlay className={styles.overlay} />
              <Dialog.Content className={styles.drawer} aria-describedby={undefined}>
                <Dialog.Title className="visually-hidden">{t('shell.nav.label')}</Dialog.Title>
                <NavRail
                  items={items}
                  open
                  variant="drawer"
                  version={appInfo.version}
                  homeUrl={homeUrl}
                  onNavigate={() => setDrawer({ open: false, at: '' })}
                />
                <Dialog.Close asChild>
                  <IconButton
                    tone="dark"
                    className={styles.drawerClose}
                    label={t('shell.nav.close')}
                  >
                    <X size={20} aria-hidden="true" />
                  </IconButton>
                </Dialog.Close>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        )}
        <div className={styles.column}>
          <AppHeader
            mobile={mobile}
            onOpenMenu={() => setDrawer({ open: true, at: location.key })}
          />
          <main id="main" className={styles.main} tabIndex={-1}>
            <Outlet />
          </main>
        </div>
      </div>
    </LiveProvider>
  );
}
