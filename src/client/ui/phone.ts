// Whether the screen is a phone's width (PHONE_QUERY), or matches another media query, from the
// first render on. Mantine's useMediaQuery reads the screen in an effect by default, so a phone
// first drew every such page's desktop layout and then, in the same task, its phone layout; ESLint
// keeps components on these hooks.
// eslint-disable-next-line no-restricted-imports -- the one place Mantine's hook is wrapped
import { useMediaQuery } from '@mantine/hooks';
import { PHONE_QUERY } from '../../shared/constants';

export { PHONE_QUERY };

/** Whether the screen matches `query`, read while rendering. */
export function useScreenQuery(query: string): boolean {
  return useMediaQuery(query, undefined, { getInitialValueInEffect: false });
}

/** True on a phone-width screen. */
export function usePhone(): boolean {
  return useScreenQuery(PHONE_QUERY);
}
