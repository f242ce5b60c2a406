import { createFileRoute } from '@tanstack/react-router';

// The layout's tabs move the base address to the first tab the user may open.
export const Route = createFileRoute('/_signed-in/_company/settings/employment-settings/')({
  component: () => null,
});
