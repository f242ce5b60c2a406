import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../../../client/shell/home-page';

export const Route = createFileRoute('/_signed-in/_company/')({
  component: HomePage,
});
