// Page titles read "{page} | Stafflane" (SPEC §2.2, §2.3); the unread count will prefix them
// once notifications land.
import { useDocumentTitle } from '@mantine/hooks';
import { PRODUCT_NAME } from '../../shared/constants';

export function pageTitle(page: string): string {
  return `${page} | ${PRODUCT_NAME}`;
}

export function usePageTitle(page: string): void {
  useDocumentTitle(pageTitle(page));
}
