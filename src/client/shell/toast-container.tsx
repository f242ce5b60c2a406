// Mantine's toasts, their store and their container (with the scroll-lock helper it needs),
// in a chunk of their own that the app loads once it has started: the sign-in page's first
// scripts do not carry them. src/client/shell/toasts.ts is the way to show one.
import { Notifications, notifications, notificationsStore } from '@mantine/notifications';
import { TOAST_TIMEOUT_MS } from '../../shared/constants';
import { usePhone } from '../ui/phone';

export const toastStore = notifications;

const anyToast = () => {
  const { notifications: shown, queue } = notificationsStore.getState();
  return shown.length + queue.length > 0;
};

/** Calls `listener` once a toast is shown or queued (at once when one is); returns how to stop waiting. */
export function whenToastShown(listener: () => void): () => void {
  if (anyToast()) {
    listener();
    return () => undefined;
  }
  const stop = notificationsStore.subscribe(() => {
    if (!anyToast()) return;
    stop();
    listener();
  });
  return () => void stop();
}

export function ToastContainer() {
  // On a phone the top bar holds Menu, the bell and the account menu, which a toast at the top
  // covered (issue 29: the sign-in toast hid all three), and just below it sit each page's own
  // buttons: toasts go at the bottom, two at most.
  const narrow = usePhone();
  return narrow ? (
    <Notifications autoClose={TOAST_TIMEOUT_MS} position="bottom-center" limit={2} />
  ) : (
    <Notifications autoClose={TOAST_TIMEOUT_MS} position="bottom-right" limit={3} />
  );
}
