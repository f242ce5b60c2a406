import { createFileRoute } from '@tanstack/react-router';
import { KioskPage } from '../modules/time-clock/client/kiosk-page';

// A location's shared tablet: opened with its device token after # (never sent to the server in the address).
export const Route = createFileRoute('/kiosk')({
  component: KioskPage,
});
