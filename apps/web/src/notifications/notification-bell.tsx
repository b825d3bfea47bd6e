// The notification centre of the shell (docs/notifications.md): a bell with the unread count — kept live
// by the stream's `notifications` event — opening the newest notifications (bike, alert, time);
// a click opens the bike and marks it read; "mark all read"; a way to the alert rules. A
// Radix menu: arrows move through the list, Escape closes, focus returns to the bell.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Bell, CheckCheck, Settings2 } from 'lucide-react';
import type { Notification } from '@vfm/contract';
import { useFormatters } from '../format/use-formatters';
import { useNotifications, useUnreadCount } from './api/get-notifications';
import { useReadAllNotifications } from './api/read-all-notifications';
import { useReadNotification } from './api/read-notification';
import styles from './notification-bell.module.css';
import { bikePath } from '../bike/bike-path';

export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useFormatters();
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount().data?.unread ?? 0;
  const list = useNotifications(open);
  const read = useReadNotification();
  const readAll = useReadAllNotifications();

  // a bike's notification opens the bike; a zone's (its caps) the zones
  const openBike = (notification: Notification) => {
    if (!notification.readAt) read.mutate(notification.id);
    void navigate(
      notification.vehicleNumber === null ? '/zones' : bikePath(notification.vehicleNumber),
    );
  };
  const label = unread
    ? t('notifications.bell.labelUnread', { unread })
    : t('notifications.bell.label');

  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger
        className={styles.trigger}
        aria-label={label}
        title={label}
        data-testid="notification-bell"
      >
        <Bell size={22} aria-hidden="true" />
        {unread > 0 && (
          <span className={styles.count} aria-hidden="true" data-testid="notification-count">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className={styles.content}
          align="end"
          sideOffset={10}
          collisionPadding={8}
          aria-label={t('notifications.bell.title')}
        >
          {/* a menu holds menu items: its title and states are labels, not headings */}
          <DropdownMenu.Label className={`${styles.header} ${styles.title}`}>
            {t('notifications.bell.title')}
          </DropdownMenu.Label>
          {/* scrolls once the list is long: reachable by the keyboard (axe scrollable-region-focusable) */}
          <div
            className={styles.list}
            role="group"
            aria-label={t('notifications.bell.title')}
            tabIndex={0}
          >
            {list.isPending && (
              <DropdownMenu.Label className={styles.state}>
                {t('notifications.bell.loading')}
              </DropdownMenu.Label>
            )}
            {list.isError && (
              <DropdownMenu.Group>
                <DropdownMenu.Label className={styles.state}>
                  {t('notifications.bell.error')}
                </DropdownMenu.Label>
                <DropdownMenu.Item
                  className={styles.action}
                  onSelect={(event) => {
                    event.preventDefault();
                    void list.refetch();
                  }}
                >
                  {t('notifications.bell.retry')}
                </DropdownMenu.Item>
              </DropdownMenu.Group>
            )}
            {list.data && !list.data.content.length && (
              <DropdownMenu.Label className={styles.state}>
                {t('notifications.bell.empty')}
              </DropdownMenu.Label>
            )}
            {list.data?.content.map((notification) => {
              const kind = t(`notifications.kinds.${notification.kind}`);
              const time = format.relative(notification.occurredAt);
              return (
                <DropdownMenu.Item
                  key={notification.id}
                  className={`${styles.item} ${notification.readAt ? '' : styles.unread}`}
                  onSelect={() => openBike(notification)}
                  data-testid="notification-item"
                >
                  <span
                    className={`${styles.severity} ${styles[notification.severity]}`}
                    aria-hidden="true"
                  />
                  <span className={styles.text}>
                    <span className={styles.kind}>{kind}</span>
                    <span className={styles.meta}>
                      {notification.vehicleNumber === null
                        ? t('notifications.bell.zone', { name: notification.zone?.name ?? '' })
                        : t('notifications.bell.bike', {
                            vehicleNumber: notification.vehicleNumber,
                          })}
                      {' · '}
                      <time
                        dateTime={notification.occurredAt}
                        title={format.dateTime(notification.occurredAt)}
                      >
                        {time}
                      </time>
                    </span>
                  </span>
                  {!notification.readAt && (
                    <span className={styles.visuallyHidden}>{t('notifications.bell.unread')}</span>
                  )}
                </DropdownMenu.Item>
              );
            })}
          </div>
          <DropdownMenu.Separator className={styles.separator} />
          <div className={styles.footer}>
            <DropdownMenu.Item
              className={styles.action}
              disabled={!unread || readAll.isPending}
              onSelect={(event) => {
                event.preventDefault();
                readAll.mutate();
              }}
            >
              <CheckCheck size={16} aria-hidden="true" />
              {t('notifications.bell.markAllRead')}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={styles.action}
              onSelect={() => void navigate('/my-account#notification-rules')}
            >
              <Settings2 size={16} aria-hidden="true" />
              {t('notifications.bell.rules')}
            </DropdownMenu.Item>
          </div>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
