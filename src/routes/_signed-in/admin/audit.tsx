import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { PlatformAuditPage } from '../../../modules/companies/client/platform-audit-page';
import { auditQueryOptions, NO_AUDIT_FILTERS } from '../../../modules/companies/client/platform-audit.api';

export const Route = createFileRoute('/_signed-in/admin/audit')({
  loader: ({ context }) => startQuery(context.queryClient, auditQueryOptions(NO_AUDIT_FILTERS, 1)),
  component: PlatformAuditPage,
});
