// Expert articles' registration: the API and the grants. The starter articles are product
// content, inserted by migration 0025 for every install, so there is no demo part.
import type { ServerModule } from '../../../server/server-module';
import { articlesGrants } from './articles.grants';
import { articlesRoutes } from './articles.routes';
import { articlesPersonalData } from './articles.personal-data';

export const articlesModule: ServerModule = {
  name: 'articles',
  personalData: articlesPersonalData,
  routes: articlesRoutes,
  grants: articlesGrants,
};
