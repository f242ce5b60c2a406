// A phone's width: below the `sm` breakpoint (48em), where lists become cards and filters fold away.
import { useMediaQuery } from '@mantine/hooks';

export const PHONE_QUERY = '(max-width: 47.99em)';

/** True on a phone-width screen (false until the first measure). */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY) ?? false;
}
