import { createFileRoute } from '@tanstack/react-router';
import { locationList } from '../../../modules/organisation/client/list-definitions';
import { OrganisationListPage } from '../../../modules/organisation/client/list-page';

export const Route = createFileRoute('/_signed-in/_company/settings/locations')({
  component: () => <OrganisationListPage definition={locationList} />,
});
