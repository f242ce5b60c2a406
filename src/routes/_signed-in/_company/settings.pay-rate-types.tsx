import { createFileRoute } from '@tanstack/react-router';
import { payRateTypeList } from '../../../modules/organisation/client/list-definitions';
import { OrganisationListPage } from '../../../modules/organisation/client/list-page';

export const Route = createFileRoute('/_signed-in/_company/settings/pay-rate-types')({
  component: () => <OrganisationListPage definition={payRateTypeList} />,
});
