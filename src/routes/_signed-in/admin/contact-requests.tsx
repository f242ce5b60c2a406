import { createFileRoute } from '@tanstack/react-router';
import { ContactInboxPage } from '../../../modules/support/client/contact-inbox-page';

export const Route = createFileRoute('/_signed-in/admin/contact-requests')({
  component: ContactInboxPage,
});
