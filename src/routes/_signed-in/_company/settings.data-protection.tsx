import { createFileRoute } from '@tanstack/react-router';
import { pageQueries, startQuery } from '../../../client/api/start-query';
import { DataProtectionPage } from '../../../modules/privacy/client/data-protection-page';
import { privacySettingsQueryOptions, retentionPreviewQueryOptions } from '../../../modules/privacy/client/privacy.api';

export const Route = createFileRoute('/_signed-in/_company/settings/data-protection')({
  loader: ({ context }) =>
    pageQueries(
      startQuery(context.queryClient, privacySettingsQueryOptions()),
      startQuery(context.queryClient, retentionPreviewQueryOptions()),
    ),
  component: DataProtectionPage,
});
