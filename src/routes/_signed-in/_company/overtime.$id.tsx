import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { overtimeQueryOptions } from '../../../modules/overtime/client/overtime.api';
import { OvertimePage } from '../../../modules/overtime/client/overtime-page';

// overtime_report notifications land here.
export const Route = createFileRoute('/_signed-in/_company/overtime/$id')({
  loader: ({ context, params }) => startQuery(context.queryClient, overtimeQueryOptions(params.id)),
  component: OvertimeRoute,
});

function OvertimeRoute() {
  const { id } = Route.useParams();
  return <OvertimePage id={id} />;
}
