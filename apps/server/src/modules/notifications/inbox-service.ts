// The caller's notifications (docs/notifications.md of the notification centre): a page of them, newest
// first, with the unread count; mark one read, mark all read. Only the caller's own — another
// user's notification is as absent as an unknown one. A change reaches the caller's other tabs
// through the live stream.
import type { NotificationPage, NotificationQuery, NotificationUnread } from '@vfm/contract';
import { notFound } from '../../lib/problem';
import type { RequestScope } from '../../plugins/request-scope';
import {
  announceNotifications,
  countUnread,
  markAllRead,
  markRead,
  selectNotificationPage,
} from './queries';

export async function listNotifications(
  scope: RequestScope,
  query: NotificationQuery,
): Promise<NotificationPage> {
  const { page, size, unread } = query;
  const result = await selectNotificationPage(
    scope.database,
    scope.principal.accountId,
    unread ?? false,
    page,
    size,
  );
  return {
    content: result.content,
    totalElements: result.total,
    page,
    size,
    unread: result.unread,
  };
}

export async function getUnreadCount(scope: RequestScope): Promise<NotificationUnread> {
  const counts = await countUnread(scope.database, [scope.principal.accountId]);
  return { unread: counts.get(scope.principal.accountId) ?? 0 };
}

export async function readNotification(scope: RequestScope, id: string) {
  const { accountId } = scope.principal;
  await scope.database.transaction(async (tx) => {
    if (!(await markRead(tx, accountId, id, scope.now)))
      throw notFound(
        'This notification does not exist for you.',
        undefined,
        'NOTIFICATION_NOT_FOUND',
      );
    await announceNotifications(tx, scope.fleetId, [accountId]);
  });
  return getUnreadCount(scope);
}

export async function readAllNotifications(scope: RequestScope) {
  const { accountId } = scope.principal;
  await scope.database.transaction(async (tx) => {
    await markAllRead(tx, accountId, scope.now);
    await announceNotifications(tx, scope.fleetId, [accountId]);
  });
  return getUnreadCount(scope);
}
