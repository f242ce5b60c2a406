import { createFileRoute } from '@tanstack/react-router';
import { PlatformAuditPage } from '../../../modules/companies/client/platform-audit-page';

export const Route = createFileRoute('/_signed-in/admin/audit')({
  component: PlatformAuditPage,
});
