// Every migration, in the order it runs. Add a new file here when you add one.
import type { Migration } from 'kysely';
import * as m0001 from './0001_platform';

export const migrations: Record<string, Migration> = {
  '0001_platform': m0001,
};
