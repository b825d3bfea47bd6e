// SPEC §2 header: title from the title service, a back button when the route is flagged as
// having a previous page and the history has more than one entry, the loading bar (SPEC §4)
// and the profile menu. SPEC §9: 90 px high.
import { useMatches, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Menu } from 'lucide-react';
import { useLoading } from '../services/services';
import { useTitle } from '../services/use-page-title';
import { useIsNarrow } from '../ui/hooks/use-media-query';
import { IconButton } from '../ui/icon-button/icon-button';
import { NotificationBell } from '../notifications/notification-bell';
import { GlobalSearch } from './global-search';
import { ProfileMenu } from './profile-menu';
import type { ShellRouteHandle } from './route-handle';
import styles from './app-header.module.css';

/** SPEC §2 back-button rule. */
export function showsBackButton(
  handle: ShellRouteHandle | undefined,
  historyLength: number,
): boolean {
  return Boolean(handle?.hasPrevious) && historyLength > 1;
}

export function AppHeader({ mobile, onOpenMenu }: { mobile: boolean; onOpenMenu: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = useTitle();
  const loading = useLoading();
  const narrow = useIsNarrow();
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as ShellRouteHandle | undefined;
  const back = showsBackButton(handle, window.history.length);

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        {mobile && (
          <IconButton tone="outline" size="lg" onClick={onOpenMenu} label={t('shell.nav.open')}>
            <Menu size={22} aria-hidden="true" />
          </IconButton>
        )}
        {back && (
          <IconButton
            tone="outline"
            size="lg"
            onClick={() => void navigate(-1)}
            label={t('shell.header.back')}
          >
            <ArrowLeft size={22} aria-hidden="true" />
          </IconButton>
        )}
        <h1 className={styles.title}>{title}</h1>
        {!mobile && (
          <div className={styles.search}>
            <GlobalSearch />
          </div>
        )}
        <NotificationBell />
        <ProfileMenu compact={narrow} />
      </div>
      {mobile && (
        <div className={styles.mobileSearch}>
          <GlobalSearch />
        </div>
      )}
      <div className={styles.progress} aria-hidden={!loading}>
        {loading && (
          <div
            className={styles.bar_}
            role="progressbar"
            aria-label={t('shell.header.loading')}
            data-testid="loading-bar"
          />
        )}
      </div>
    </header>
  );
}
