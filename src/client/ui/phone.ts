// Whether the screen is a phone's width (PHONE_QUERY).
import { useMediaQuery } from '@mantine/hooks';
import { PHONE_QUERY } from '../../shared/constants';

export { PHONE_QUERY };

/** True on a phone-width screen (false until the first measure). */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY) ?? false;
}
