// Dashboard card "Expert articles" for docs-only users, whose dashboard holds what concerns them:
// their documents and the newest three articles, with a link to them all.
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { DashboardWidgetProps } from '../../../client/shell/dashboard/dashboard-widget';
import { queryRead, type QueryRead } from '../../../client/api/read-batch';
import { articleMeta } from './article-format';
import { articleListQueryOptions } from './articles.api';

export const LATEST_ARTICLES = 3;

const latestQuery = () => ({ ...articleListQueryOptions({}), meta: { errorToast: false } });

/** Read only on a docs-only dashboard. */
export const latestArticlesReads = ({ restricted }: DashboardWidgetProps): readonly QueryRead[] =>
  restricted ? [queryRead(latestQuery())] : [];

export function LatestArticlesWidget({ restricted }: DashboardWidgetProps) {
  const list = useQuery({ ...latestQuery(), enabled: restricted });
  const rows = (list.data?.results ?? []).slice(0, LATEST_ARTICLES);
  if (!restricted || rows.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="latest-articles">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="h4" id="latest-articles">
          Expert articles
        </Title>
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/expert-articles-and-insights" />}>
          All articles
        </Anchor>
      </Group>
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {rows.map((article) => (
          <Stack key={article.id} component="li" gap={0}>
            <Anchor
              fw={600}
              size="sm"
              renderRoot={(props) => <Link {...props} to="/expert-articles-and-insights/$id" params={{ id: article.id }} />}
            >
              {article.title}
            </Anchor>
            <Text size="xs" c="dimmed">
              {articleMeta(article)}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
