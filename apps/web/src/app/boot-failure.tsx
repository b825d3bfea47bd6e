import { I18nextProvider, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { Button } from '../ui/button/button';
import { InlineAlert } from '../ui/alert/inline-alert';
import { LogoMark } from '../ui/logo/logo';

function Message({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <main
      style={{
        display: 'grid',
        placeItems: 'center',
        minHeight: '100vh',
        padding: 'var(--space-6)',
      }}
    >
      <div
        style={{ display: 'grid', gap: 'var(--space-5)', maxWidth: 420, justifyItems: 'center' }}
      >
        <LogoMark size={56} />
        <InlineAlert>{t('errors.generic')}</InlineAlert>
        <Button onClick={retry}>{t('common.ok')}</Button>
      </div>
    </main>
  );
}

/** Shown when the application info cannot be read at start-up. */
export function BootFailure({ i18n, retry }: { i18n: I18n; retry: () => void }) {
  return (
    <I18nextProvider i18n={i18n}>
      <Message retry={retry} />
    </I18nextProvider>
  );
}
