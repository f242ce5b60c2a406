import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { myRotaQueryOptions } from '../../../modules/rotas/client/rotas.api';
import { MyShiftsPage } from '../../../modules/rotas/client/my-shifts-page';

export const Route = createFileRoute('/_signed-in/_company/rotas/shifts')({
  loader: ({ context }) => startQuery(context.queryClient, myRotaQueryOptions()),
  component: MyShiftsPage,
});
