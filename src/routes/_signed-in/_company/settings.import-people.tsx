import { createFileRoute } from '@tanstack/react-router';
import { PeopleImportPage } from '../../../modules/employees/client/import/people-import-page';

// Nothing to load: the page starts from a file the person chooses.
export const Route = createFileRoute('/_signed-in/_company/settings/import-people')({
  component: PeopleImportPage,
});
