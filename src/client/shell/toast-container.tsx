// Mantine's toasts, their store and their container (with the scroll-lock helper it needs),
// in a chunk of their own that the app loads once it has started: the sign-in page's first
// scripts do not carry them. src/client/shell/toasts.ts is the way to show one.
import { Notifications, notifications } from '@mantine/notifications';
import { TOAST_TIMEOUT_MS } from '../../shared/constants';

export const toastStore = notifications;

export function ToastContainer() {
  return <Notifications autoClose={TOAST_TIMEOUT_MS} position="bottom-right" />;
}
