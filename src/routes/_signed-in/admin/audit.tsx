import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { auditQueryOptions, NO_AUDIT_FILTERS, PlatformAuditPage } from '../../../modules/companies/client/platform-audit-page';

export const Route = createFileRoute('/_signed-in/admin/audit')({
  loader: ({ context }) => startQuery(context.queryClient, auditQueryOptions(NO_AUDIT_FILTERS, 1)),
  component: PlatformAuditPage,
});
