import { createFileRoute } from '@tanstack/react-router';
import { termsList } from '../../../modules/organisation/client/list-definitions';
import { OrganisationListPage } from '../../../modules/organisation/client/list-page';

export const Route = createFileRoute('/_signed-in/_company/settings/terms-and-conditions')({
  component: () => <OrganisationListPage definition={termsList} />,
});
