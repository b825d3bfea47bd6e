// SPEC §2 profile menu: the photo, or else the capital initial of the full name; the full name
// and description; a dropdown with My Account, an optional Help entry and Logout. It closes on
// a click outside (non-modal Radix menu: the click also reaches what it lands on).
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronDown, CircleHelp, LogOut, UserRound } from 'lucide-react';
import { useApplicationSettings } from '../account/get-application-settings';
import { useAccountPhoto } from '../account/get-account-photo';
import { useMe } from '../account/get-me';
import { useServices, useSession } from '../services/services';
import { logout } from '../account/login-flow';
import { Avatar } from '../ui/avatar/avatar';
import styles from './profile-menu.module.css';

export function ProfileMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const services = useServices();
  const { email } = useSession();
  const navigate = useNavigate();
  const me = useMe().data;
  const photo = useAccountPhoto(me?.id, me?.photoVersion);
  const helpUrl = useApplicationSettings().data?.helpUrl;
  const fullName = me?.fullName || email || '';
  const description = me?.description ?? '';

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={styles.trigger}
        aria-label={t('shell.profile.open', { name: fullName })}
        data-testid="profile-menu"
      >
        <Avatar photo={photo} fullName={fullName} size={40} />
        {!compact && (
          <span className={styles.identity}>
            <span className={styles.name}>{fullName}</span>
            {description && <span className={styles.description}>{description}</span>}
          </span>
        )}
        {!compact && <ChevronDown size={16} aria-hidden="true" className={styles.chevron} />}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} align="end" sideOffset={10}>
          <div className={styles.card}>
            <Avatar photo={photo} fullName={fullName} size={48} />
            <div className={styles.cardText}>
              <p className={styles.name}>{fullName}</p>
              {description && <p className={styles.description}>{description}</p>}
              {email && email !== fullName && <p className={styles.email}>{email}</p>}
            </div>
          </div>
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Item className={styles.item} onSelect={() => void navigate('/my-account')}>
            <UserRound size={18} aria-hidden="true" />
            {t('shell.profile.myAccount')}
          </DropdownMenu.Item>
          {helpUrl && (
            <DropdownMenu.Item className={styles.item} asChild>
              <a href={helpUrl} target="_blank" rel="noopener noreferrer">
                <CircleHelp size={18} aria-hidden="true" />
                {t('shell.profile.help')}
              </a>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Item
            className={`${styles.item} ${styles.logout}`}
            onSelect={() => void logout(services)}
          >
            <LogOut size={18} aria-hidden="true" />
            {t('shell.profile.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
