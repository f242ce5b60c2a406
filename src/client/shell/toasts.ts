// Toasts: they close after 5000 ms (set on <Notifications />), and a danger
// toast whose message is already on screen is not shown twice.
import type { NotificationData } from '@mantine/notifications';
import type { ReactNode } from 'react';

/** The toasts arrive in a chunk of their own once the app has started; a toast shown before then waits for them. */
export const loadToasts = import('./toast-container');
type ToastStore = Awaited<typeof loadToasts>['toastStore'];
let store: ToastStore | null = null;
const waiting: NotificationData[] = [];
void loadToasts.then(
  (module) => {
    store = module.toastStore;
    for (const toast of waiting.splice(0)) store.show(toast);
  },
  () => undefined,
);

/** Shows a toast now, or as soon as the toasts have arrived. Its close button is named for screen readers. */
export function showToast(toast: NotificationData): void {
  const named: NotificationData = { ...toast, closeButtonProps: { 'aria-label': 'Close', ...toast.closeButtonProps } };
  if (store) store.show(named);
  else waiting.push(named);
}

export const ERROR_OCCURRED = 'Error occurred';
/** a 422 on submit, or a client-side check that fails. */
export const VALIDATION_FAILED = 'Validation failed.';
export const CHECK_PROVIDED_DETAILS = 'Please check provided details.';

export function showSuccessToast(options: { id?: string; title?: string; message: ReactNode }): void {
  showToast({ color: 'green', ...options });
}

export function showDangerToast(options: { title?: string; message: string }): void {
  // The store ignores a second notification with an id it already shows (or queues).
  showToast({ id: `danger:${options.title ?? ''}:${options.message}`, color: 'red', ...options });
}

export function showInfoToast(options: { id?: string; title?: string; message: ReactNode }): void {
  showToast({ color: 'brand', ...options });
}

const VALIDATION_FAILED_ID = `danger:${VALIDATION_FAILED}:${CHECK_PROVIDED_DETAILS}`;

export function showValidationFailedToast(): void {
  showDangerToast({ title: VALIDATION_FAILED, message: CHECK_PROVIDED_DETAILS });
}

/** The form was fixed and saved: its "Validation failed." notice has nothing left to say. */
export function hideValidationFailedToast(): void {
  const index = waiting.findIndex((toast) => toast.id === VALIDATION_FAILED_ID);
  if (index >= 0) waiting.splice(index, 1);
  store?.hide(VALIDATION_FAILED_ID);
}
