import { createFileRoute } from '@tanstack/react-router';
import { customFieldList } from '../../../modules/organisation/client/list-definitions';
import { OrganisationListPage } from '../../../modules/organisation/client/list-page';

export const Route = createFileRoute('/_signed-in/_company/settings/custom-form-fields')({
  component: () => <OrganisationListPage definition={customFieldList} />,
});
