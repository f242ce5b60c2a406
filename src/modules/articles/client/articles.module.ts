// What expert articles give the shell: the "Expert Articles & Insights" menu entry for every
// company user. Docs-only users keep it when their company has both document areas (or
// neither), as restrictedModeRedirect allows; their dashboard shows the newest articles.
import { IconBook2 } from '@tabler/icons-react';
import type { ClientModule } from '../../../client/shell/client-module';
import { latestArticlesReads, LatestArticlesWidget } from './latest-articles-widget';

export const articlesClientModule: ClientModule = {
  name: 'articles',
  menu: [
    {
      key: 'expert-articles',
      title: 'Expert Articles & Insights',
      icon: IconBook2,
      kind: 'link',
      target: () => '/expert-articles-and-insights',
      enabledWhenRestricted: (context) => context.hrClient === context.hsClient,
    },
  ],
  widgets: [
    { key: 'latest-articles', order: 90, component: LatestArticlesWidget, allowedWhenRestricted: true, reads: latestArticlesReads },
  ],
};
