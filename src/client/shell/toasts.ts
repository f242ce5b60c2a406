// Toasts: they close after 5000 ms (set on <Notifications />), and a danger
// toast whose message is already on screen is not shown twice.
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

export const ERROR_OCCURRED = 'Error occurred';
/** a 422 on submit, or a client-side check that fails. */
export const VALIDATION_FAILED = 'Validation failed.';
export const CHECK_PROVIDED_DETAILS = 'Please check provided details.';

export function showSuccessToast(options: { id?: string; title?: string; message: ReactNode }): void {
  notifications.show({ color: 'green', ...options });
}

export function showDangerToast(options: { title?: string; message: string }): void {
  // The store ignores a second notification with an id it already shows (or queues).
  notifications.show({ id: `danger:${options.title ?? ''}:${options.message}`, color: 'red', ...options });
}

export function showInfoToast(options: { id?: string; title?: string; message: ReactNode }): void {
  notifications.show({ color: 'brand', ...options });
}

const VALIDATION_FAILED_ID = `danger:${VALIDATION_FAILED}:${CHECK_PROVIDED_DETAILS}`;

export function showValidationFailedToast(): void {
  showDangerToast({ title: VALIDATION_FAILED, message: CHECK_PROVIDED_DETAILS });
}

/** The form was fixed and saved: its "Validation failed." notice has nothing left to say. */
export function hideValidationFailedToast(): void {
  notifications.hide(VALIDATION_FAILED_ID);
}
