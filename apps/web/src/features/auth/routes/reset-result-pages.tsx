// SPEC §2 /auth/reset-password-success ('Check your emails', link valid 15 minutes) and
// /auth/reset-password-error ('An error has occurred'); OK goes back to login.
import type { ComponentProps } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CircleX, MailCheck } from 'lucide-react';
import { RESET_TOKEN_TTL_MINUTES } from '@vfm/contract/constants';
import { usePageTitle } from '../../../services/use-page-title';
import { Button } from '../../../ui/button/button';
import { AuthCard } from '../components/auth-card';

function ResultCard(props: Omit<ComponentProps<typeof AuthCard>, 'children'> & { title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(props.title);
  return (
    <AuthCard {...props}>
      <Button block onClick={() => void navigate('/auth/login')} autoFocus>
        {t('common.ok')}
      </Button>
    </AuthCard>
  );
}

export function ResetPasswordSuccessPage() {
  const { t } = useTranslation();
  return (
    <ResultCard
      title={t('auth.resetSuccess.title')}
      intro={t('auth.resetSuccess.text', { minutes: RESET_TOKEN_TTL_MINUTES })}
      icon={<MailCheck size={28} />}
    />
  );
}

export function ResetPasswordErrorPage() {
  const { t } = useTranslation();
  return (
    <ResultCard
      title={t('auth.resetError.title')}
      intro={t('errors.resetFailed')}
      icon={<CircleX size={28} />}
      tone="danger"
    />
  );
}
