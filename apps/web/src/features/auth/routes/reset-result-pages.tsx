// SPEC §2 /auth/reset-password-success ('Check your emails', link valid 15 minutes) and
// /auth/reset-password-error ('An error has occurred'); OK goes back to login.
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CircleX, MailCheck } from 'lucide-react';
import { RESET_TOKEN_TTL_MINUTES } from '@vfm/contract/constants';
import { usePageTitle } from '../../../services/use-page-title';
import { Button } from '../../../ui/button/button';
import { AuthCard } from '../components/auth-card';

function BackToLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button block onClick={() => void navigate('/auth/login')} autoFocus>
      {t('common.ok')}
    </Button>
  );
}

export function ResetPasswordSuccessPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.resetSuccess.title'));
  return (
    <AuthCard
      title={t('auth.resetSuccess.title')}
      intro={t('auth.resetSuccess.text', { minutes: RESET_TOKEN_TTL_MINUTES })}
      icon={<MailCheck size={28} />}
    >
      <BackToLogin />
    </AuthCard>
  );
}

export function ResetPasswordErrorPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.resetError.title'));
  return (
    <AuthCard
      title={t('auth.resetError.title')}
      intro={t('errors.resetFailed')}
      icon={<CircleX size={28} />}
      tone="danger"
    >
      <BackToLogin />
    </AuthCard>
  );
}
