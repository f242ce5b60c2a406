import { createFileRoute } from '@tanstack/react-router';
import { TagsSettingsPage } from '../../../modules/documents/client/tags-settings-page';

export const Route = createFileRoute('/_signed-in/_company/settings/document-tags')({
  component: TagsSettingsPage,
});
