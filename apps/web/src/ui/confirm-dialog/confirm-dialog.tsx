// A confirmation dialog (Radix Dialog: focus trapped, Escape closes, labelled by its title):
// what will happen, optional choices, then Cancel / Confirm.
import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Button } from '../button/button';
import styles from './confirm-dialog.module.css';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** the button that opens it, if the dialog has one */
  trigger?: ReactNode;
  title: string;
  description?: ReactNode;
  /** choices to make before confirming */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm(): void;
  confirmDisabled?: boolean;
  busy?: boolean;
  tone?: 'primary' | 'danger';
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      {props.trigger && <Dialog.Trigger asChild>{props.trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.dialog}
          {...(props.description ? {} : { 'aria-describedby': undefined })}
        >
          <Dialog.Title className={styles.title}>{props.title}</Dialog.Title>
          {props.children}
          {props.description && (
            <Dialog.Description className={styles.description}>
              {props.description}
            </Dialog.Description>
          )}
          <div className={styles.buttons}>
            <Dialog.Close asChild>
              <Button variant="secondary">{props.cancelLabel}</Button>
            </Dialog.Close>
            <Button
              variant={props.tone ?? 'primary'}
              disabled={props.confirmDisabled}
              busy={props.busy}
              onClick={props.onConfirm}
            >
              {props.confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
