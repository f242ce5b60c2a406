import { createFileRoute } from '@tanstack/react-router';
import { ContractTypesTab } from '../../../modules/organisation/client/employment-settings';

export const Route = createFileRoute('/_signed-in/_company/settings/employment-settings/contract-types')({
  component: ContractTypesTab,
});
