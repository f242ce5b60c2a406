import { createFileRoute } from '@tanstack/react-router';
import { OutboxPage } from '../../client/offline/outbox-page';

// Every signed-in user has an outbox: company users, docs-only users and administrators alike.
export const Route = createFileRoute('/_signed-in/outbox')({
  component: OutboxPage,
});
