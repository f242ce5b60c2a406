import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { departmentsQueryOptions } from '../../../client/api/reference-lists';
import { addDays, thisWeek } from '../../../shared/dates';
import { RotaAdminPage } from '../../../modules/rotas/client/rota-admin-page';
import { rotaGridQueryOptions } from '../../../modules/rotas/client/rotas.api';

export const Route = createFileRoute('/_signed-in/_company/rotas/admin')({
  loader: ({ context }) => {
    const monday = thisWeek();
    startQuery(context.queryClient, rotaGridQueryOptions({ from: monday, to: addDays(monday, 6) }));
    startQuery(context.queryClient, departmentsQueryOptions());
  },
  component: RotaAdminPage,
});
