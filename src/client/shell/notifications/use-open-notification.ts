// Clicking a notification: it is marked clicked at once (the cached pages
// change before the server answers) and the server is told; then the app goes to its target.
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useClickNotification } from './notifications.api';
import type { Notification } from '../../../shared/notifications.contract';
import { notificationTarget } from './notification-target';

export function useOpenNotification(afterOpen?: () => void): (notification: Notification) => void {
  const click = useClickNotification();
  const navigate = useNavigate();
  const { mutate } = click;
  return useCallback(
    (notification: Notification) => {
      if (!notification.is_clicked) mutate(notification.id);
      afterOpen?.();
      const target = notificationTarget(notification.relates_to, notification.relates_to_id);
      if (target) void navigate({ href: target });
    },
    [mutate, navigate, afterOpen],
  );
}
