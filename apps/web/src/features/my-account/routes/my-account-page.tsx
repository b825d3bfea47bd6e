// SPEC §2 my-account (user role): profile, own password, language and distance unit; the
// alert rules and the browsers receiving push (docs/notifications.md).
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../account/get-me';
import { useUserSettings } from '../../../account/get-user-settings';
import { useSession } from '../../../services/services';
import { usePageTitle } from '../../../services/use-page-title';
import { InlineAlert } from '../../../ui/alert/inline-alert';
import { Page } from '../../../ui/page/page';
import { PasswordSection } from '../components/password-section';
import { NotificationRulesSection } from '../components/notification-rules-section';
import { PreferencesSection } from '../components/preferences-section';
import { PushBrowsersSection } from '../components/push-browsers-section';
import { ProfileSection } from '../components/profile-section';
import styles from '../components/my-account.module.css';

export function MyAccountPage() {
  const { t } = useTranslation();
  usePageTitle(t('myAccount.title'));
  const { email } = useSession();
  const me = useMe();
  const settings = useUserSettings();

  return (
    <Page>
      <div className={styles.layout}>
        {me.data && <ProfileSection key={me.data.id} me={me.data} />}
        {me.isError && <InlineAlert>{t('errors.generic')}</InlineAlert>}
        {me.isPending && (
          <div
            className={styles.skeleton}
            role="status"
            aria-busy="true"
            aria-label={t('common.loading')}
          />
        )}
        <PasswordSection email={email ?? me.data?.email ?? ''} />
        {settings.isPending ? (
          <div
            className={styles.skeleton}
            role="status"
            aria-busy="true"
            aria-label={t('common.loading')}
          />
        ) : (
          <PreferencesSection
            key={`${settings.data?.language}-${settings.data?.distanceUnit}`}
            settings={settings.data ?? null}
          />
        )}
        <NotificationRulesSection />
        <PushBrowsersSection />
      </div>
    </Page>
  );
}
