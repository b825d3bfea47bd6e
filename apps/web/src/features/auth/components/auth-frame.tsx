// SPEC §2: the login, reset and result screens share a frame — background picture, logo
// header, language selector at the top right, application version in the footer.
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Language } from '@vfm/contract/constants';
import { languageSwitchUrl } from '../../../i18n/language-url';
import { useServices } from '../../../services/services';
import { LanguageMenu } from '../../../ui/language-menu/language-menu';
import { Logo } from '../../../ui/logo/logo';
import styles from './auth-frame.module.css';

export function AuthFrame() {
  const { t } = useTranslation();
  const { appInfo, language, reload } = useServices();

  const choose = (next: Language) => {
    // SPEC §2: only a language other than the one of the address reloads the site
    if (next !== language) reload(languageSwitchUrl(window.location, next));
  };

  return (
    <div className={styles.frame}>
      <header className={styles.top}>
        <Logo tone="light" />
        <LanguageMenu
          current={language}
          languages={appInfo.languages}
          onChoose={choose}
          tone="light"
        />
      </header>
      <div className={styles.middle}>
        <p className={styles.tagline}>{t('common.tagline')}</p>
        <main className={styles.card}>
          <Outlet />
        </main>
      </div>
      <footer className={styles.footer}>{t('common.version', { version: appInfo.version })}</footer>
    </div>
  );
}
