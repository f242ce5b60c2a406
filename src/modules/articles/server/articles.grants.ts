// Expert articles are the platform's: administrators write them (global). Company roles keep
// the entries they were made with (reads need none: every signed-in user reads published
// articles, docs-only users too); no company level reaches a write, which needs global.
import { grant, type RoleGrants } from '../../../server/roles';
import { ARTICLES_ENDPOINT } from '../articles.contract';

export const articlesGrants: RoleGrants = {
  Owner: grant(ARTICLES_ENDPOINT, 'company'),
  'HR admin': grant(ARTICLES_ENDPOINT, 'company'),
  Manager: grant(ARTICLES_ENDPOINT, 'own'),
  Employee: grant(ARTICLES_ENDPOINT, 'own'),
  Administrator: grant(ARTICLES_ENDPOINT, 'global'),
};
