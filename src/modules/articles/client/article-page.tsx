// /expert-articles-and-insights/{id}: one article — its date, area and category, the body,
// the sources it rests on and up to three related articles.
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Skeleton.css';
import { Anchor, Badge, Group, List, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';

import { useQuery } from '@tanstack/react-query';

import { usePageTitle } from '../../../client/shell/page-title';
import { LoadError } from '../../../client/ui/load-error';
import { RichTextView } from '../../../client/ui/rich-text-editor';
import { articleMeta } from './article-format';
import { ArticleCard } from './articles-page';
import { articleQueryOptions } from './articles.api';
import { BackLink } from '../../../client/ui/back-link';

export function ArticlePage({ id }: { id: string }) {
  const article = useQuery(articleQueryOptions(id));
  usePageTitle(article.data?.title ?? 'Expert Articles & Insights');
  if (article.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading the article">
        <Skeleton height={36} width="70%" />
        <Skeleton height={240} />
      </Stack>
    );
  }
  if (article.isError) {
    return (
      <LoadError
        what="article"
        error={article.error}
        onRetry={() => void article.refetch()}
        notFound="This article does not exist or is not published."
      />
    );
  }
  const data = article.data;
  return (
    <Stack gap="lg" maw={820}>
      <BackLink to="/expert-articles-and-insights">Expert Articles &amp; Insights</BackLink>
      <Stack gap="xs">
        <Title order={1}>{data.title}</Title>
        <Text c="dimmed" size="sm">
          {articleMeta(data)}
        </Text>
        <Text fw={500}>{data.summary}</Text>
        {data.tags.length > 0 && (
          <Group gap={6}>
            {data.tags.map((tag) => (
              <Badge key={tag} variant="outline" color="gray" tt="none">
                {tag}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="article">
        <RichTextView html={data.body} />
      </Paper>
      {data.sources.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="article-sources">
          <Title order={2} fz="h4" id="article-sources">
            Sources
          </Title>
          <List size="sm" spacing={4}>
            {data.sources.map((source) => (
              <List.Item key={source.name}>
                {source.url ? (
                  <Anchor href={source.url} target="_blank" rel="noopener noreferrer">
                    {source.name}
                  </Anchor>
                ) : (
                  source.name
                )}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
      {data.related.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="article-related">
          <Title order={2} fz="h4" id="article-related">
            Related articles
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {data.related.map((related) => (
              <ArticleCard key={related.id} article={related} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
