// The map's switch for the zones layer (docs/zones.md): on by default, remembered per browser.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './fleet-map.module.css';

const KEY = 'vfm.map.zones';

export function useZonesShown(): [boolean, (shown: boolean) => void] {
  const [shown, setShown] = useState(() => {
    try {
      return localStorage.getItem(KEY) !== 'off';
    } catch {
      return true;
    }
  });
  const change = (next: boolean) => {
    setShown(next);
    try {
      localStorage.setItem(KEY, next ? 'on' : 'off');
    } catch {
      // a browser without storage keeps the choice for the page only
    }
  };
  return [shown, change];
}

export function ZonesToggle({
  shown,
  onChange,
}: {
  shown: boolean;
  onChange(shown: boolean): void;
}) {
  const { t } = useTranslation();
  return (
    <label className={styles.toggle}>
      <input type="checkbox" checked={shown} onChange={(event) => onChange(event.target.checked)} />
      {t('zones.toggle')}
    </label>
  );
}
