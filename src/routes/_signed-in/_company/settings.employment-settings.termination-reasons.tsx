import { createFileRoute } from '@tanstack/react-router';
import { TerminationReasonsTab } from '../../../modules/organisation/client/employment-settings';

export const Route = createFileRoute('/_signed-in/_company/settings/employment-settings/termination-reasons')({
  component: TerminationReasonsTab,
});
