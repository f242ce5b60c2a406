// /expert-articles-and-insights: the platform's guidance for every company user (docs-only
// users too). A search box (full text: titles, summaries and bodies, best match first),
// HR / health-and-safety and category filters in the address, cards with summaries, pages of 12.
import '@mantine/core/styles/Chip.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/SegmentedControl.css';
import { Anchor, Badge, Button, Chip, Group, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { SearchField } from '../../../client/ui/search-field';
import { usePageTitle } from '../../../client/shell/page-title';
import { LoadError } from '../../../client/ui/load-error';
import type { ArticleArea, ArticleSummary } from '../articles.contract';
import { articleMeta } from './article-format';
import { ARTICLE_PAGE_SIZE, articleCategoriesQueryOptions, articleListQueryOptions, type ArticleSearch } from './articles.api';
import { ListPager, pageCount } from '../../../client/ui/list-pager';

type Props = { search: ArticleSearch; onSearch: (next: ArticleSearch) => void };

export function ArticlesPage({ search, onSearch }: Props) {
  usePageTitle('Expert Articles & Insights');
  const searchFor = (text: string) => onSearch({ ...search, search: text || undefined, page: undefined });
  const list = useQuery(articleListQueryOptions(search));
  const categories = useQuery(articleCategoriesQueryOptions());
  const filtered = Boolean(search.search || search.category || search.area);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Expert Articles &amp; Insights</Title>
        <Text c="dimmed">Practical HR and health-and-safety guidance for UK employers, with its sources.</Text>
      </Stack>
      <Stack gap="sm">
        <form
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            searchFor(String(new FormData(event.currentTarget).get('search') ?? '').trim());
          }}
        >
          <SearchField
            name="search"
            aria-label="Search articles"
            placeholder="Search articles, e.g. fit note or RIDDOR"
            type="search"
            value={search.search}
            onSearch={searchFor}
          />
        </form>
        <SegmentedControl
          aria-label="Area"
          value={search.area ?? 'all'}
          onChange={(area) => onSearch({ ...search, area: area === 'all' ? undefined : (area as ArticleArea), page: undefined })}
          data={[
            { value: 'all', label: 'All' },
            { value: 'hr', label: 'HR' },
            { value: 'hs', label: 'Health & safety' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        {categories.data && categories.data.length > 0 && (
          <Chip.Group
            value={search.category ?? ''}
            onChange={(value) => onSearch({ ...search, category: (value as string) || undefined, page: undefined })}
          >
            <Group gap="xs" aria-label="Categories" role="group">
              {categories.data.map((category) => (
                <Chip key={category.name} value={category.name} size="sm" variant="outline">
                  {category.name} ({category.count})
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        )}
      </Stack>
      {list.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label="Loading articles">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} height={160} radius="md" />
          ))}
        </SimpleGrid>
      ) : list.isError ? (
        <LoadError what="articles" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" gap="sm">
            <Text>{filtered ? 'No articles match your search.' : 'There are no articles yet.'}</Text>
            {filtered && (
              <Button variant="light" onClick={() => onSearch({})}>
                Clear search
              </Button>
            )}
          </Stack>
        </Paper>
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Articles">
            {list.data.results.map((article) => (
              <ArticleCard key={article.id} article={article} />
            ))}
          </SimpleGrid>
          <ListPager
            pages={pageCount(list.data.count, ARTICLE_PAGE_SIZE)}
            page={search.page ?? 1}
            onPage={(page) => onSearch({ ...search, page: page > 1 ? page : undefined })}
            count={{ total: list.data.count, one: 'article', many: 'articles' }}
          />
        </Stack>
      )}
    </Stack>
  );
}

export function ArticleCard({ article }: { article: ArticleSummary }) {
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Stack gap={6}>
        <Group gap={6}>
          <Badge variant="light" color={article.area === 'hs' ? 'teal' : 'blue'}>
            {article.area === 'hs' ? 'H&S' : 'HR'}
          </Badge>
          {article.status === 'draft' && <Badge color="gray">Draft</Badge>}
        </Group>
        <Anchor fw={700} renderRoot={(props) => <Link {...props} to="/expert-articles-and-insights/$id" params={{ id: article.id }} />}>
          {article.title}
        </Anchor>
        <Text size="sm" lineClamp={3}>
          {article.summary}
        </Text>
        <Text size="xs" c="dimmed">
          {articleMeta(article)}
        </Text>
      </Stack>
    </Paper>
  );
}
