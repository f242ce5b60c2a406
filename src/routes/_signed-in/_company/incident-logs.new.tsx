import { createFileRoute } from '@tanstack/react-router';
import { ReportIncidentPage } from '../../../modules/incidents/client/report-incident-page';

// Reported from a phone, offline too: the form needs nothing from the network to open.
export const Route = createFileRoute('/_signed-in/_company/incident-logs/new')({
  component: ReportIncidentPage,
});
