// SPEC §2 navigation rail: logo, items (url, icon, text) and version; expanded (300 px) or
// collapsed (90 px), reporting its state through onOpenChange. In the mobile drawer it is
// always expanded and has no toggle.
import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { IconButton } from '../ui/icon-button/icon-button';
import { LogoMark } from '../ui/logo/logo';
import type { MenuItem } from './menu-items';
import { totalOf, useWarningCounts } from '../live/use-warning-counts';
import { Badge } from '../ui/badge/badge';
import styles from './nav-rail.module.css';

export interface NavRailProps {
  items: readonly MenuItem[];
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  version: string;
  homeUrl: string;
  /** called after an item is chosen (closes the mobile drawer) */
  onNavigate?: () => void;
  variant?: 'rail' | 'drawer';
}

export function NavRail({
  items,
  open,
  onOpenChange,
  version,
  homeUrl,
  onNavigate,
  variant = 'rail',
}: NavRailProps) {
  const { t } = useTranslation();
  return (
    <nav
      className={`${styles.rail} ${open ? styles.open : styles.collapsed} ${styles[variant]}`}
      aria-label={t('shell.nav.label')}
      data-open={open}
    >
      <Link
        to={homeUrl}
        className={styles.brand}
        onClick={onNavigate}
        aria-label={t('common.logoAlt')}
      >
        <LogoMark size={open ? 40 : 44} />
        {open && <span className={styles.word}>VFM</span>}
      </Link>
      <ul className={styles.items}>
        {items.map((item) => {
          const Icon = item.icon;
          const text = t(item.text);
          return (
            <li key={item.url}>
              <NavLink
                to={item.url}
                end={item.end}
                className={({ isActive }) => `${styles.item} ${isActive ? styles.active : ''}`}
                onClick={onNavigate}
                title={open ? undefined : text}
              >
                <span className={styles.iconWrap}>
                  <Icon size={24} aria-hidden="true" className={styles.icon} />
                  {item.badge && <WarningsBadge label={text} />}
                </span>
                <span className={styles.text}>{text}</span>
              </NavLink>
            </li>
          );
        })}
      </ul>
      <div className={styles.footer}>
        <p className={styles.version}>{open ? t('common.version', { version }) : version}</p>
        {variant === 'rail' && onOpenChange && (
          <IconButton
            tone="dark"
            onClick={() => onOpenChange(!open)}
            aria-expanded={open}
            label={open ? t('shell.nav.collapse') : t('shell.nav.expand')}
          >
            {open ? (
              <PanelLeftClose size={20} aria-hidden="true" />
            ) : (
              <PanelLeftOpen size={20} aria-hidden="true" />
            )}
          </IconButton>
        )}
      </div>
    </nav>
  );
}

/** SPEC §2 badge on the Warnings entry: the fleet's open warnings, live (none: no badge). */
function WarningsBadge({ label }: { label: string }) {
  const { data } = useWarningCounts();
  const total = totalOf(data);
  if (!total) return null;
  return (
    <span className={styles.badge}>
      <Badge value={total} label={label} />
    </span>
  );
}
