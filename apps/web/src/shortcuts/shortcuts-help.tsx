// The list of keyboard shortcuts (docs/manager-tools.md), opened with "?": a dialog with each key and
// what it does.
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { IconButton } from '../ui/icon-button/icon-button';
import { SHORTCUTS } from './shortcut-keys';
import styles from './shortcuts-help.module.css';

export function ShortcutsHelp({
  open,
  onOpenChange,
  isAdmin,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  isAdmin: boolean;
}) {
  const { t } = useTranslation();
  const shown = SHORTCUTS.filter((s) => s.id !== 'administration' || isAdmin);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog} data-testid="shortcuts-help">
          <Dialog.Title className={styles.title}>{t('shortcuts.title')}</Dialog.Title>
          <Dialog.Description className={styles.intro}>{t('shortcuts.intro')}</Dialog.Description>
          <dl className={styles.list}>
            {shown.map((shortcut) => (
              <Fragment key={shortcut.id}>
                <dt>
                  {shortcut.keys.map((key, i) => (
                    <Fragment key={key}>
                      {i > 0 && <span className={styles.then}> {t('shortcuts.then')} </span>}
                      <kbd className={styles.key}>{key}</kbd>
                    </Fragment>
                  ))}
                </dt>
                <dd>{t(`shortcuts.keys.${shortcut.id}`)}</dd>
              </Fragment>
            ))}
          </dl>
          <Dialog.Close asChild>
            <IconButton className={styles.close} label={t('shortcuts.close')}>
              <X size={18} aria-hidden="true" />
            </IconButton>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
