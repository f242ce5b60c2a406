import { createFileRoute } from '@tanstack/react-router';
import { WorkingPatternsTab } from '../../../modules/organisation/client/employment-settings';

export const Route = createFileRoute('/_signed-in/_company/settings/employment-settings/working-patterns')({
  component: WorkingPatternsTab,
});
