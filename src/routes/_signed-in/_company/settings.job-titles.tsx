import { createFileRoute } from '@tanstack/react-router';
import { jobTitleList } from '../../../modules/organisation/client/list-definitions';
import { OrganisationListPage } from '../../../modules/organisation/client/list-page';

export const Route = createFileRoute('/_signed-in/_company/settings/job-titles')({
  component: () => <OrganisationListPage definition={jobTitleList} />,
});
