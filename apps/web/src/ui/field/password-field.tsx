import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, EyeOff } from 'lucide-react';
import { IconButton } from '../icon-button/icon-button';
import { TextField, type TextFieldProps } from './text-field';
import styles from './field.module.css';

/** A password input with a show/hide toggle (SPEC §2 login). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="off"
      trailing={
        <IconButton
          className={styles.toggle}
          onClick={() => setVisible((v) => !v)}
          label={visible ? t('password.hide') : t('password.show')}
          aria-pressed={visible}
        >
          {visible ? <EyeOff size={20} aria-hidden="true" /> : <Eye size={20} aria-hidden="true" />}
        </IconButton>
      }
    />
  );
}
