// /expert-articles-and-insights: the platform's guidance for every company user (docs-only
// users too). A search box (full text: titles, summaries and bodies, best match first),
// HR / health-and-safety and category filters in the address, cards with summaries, pages of 12.
import '@mantine/core/styles/Chip.css';
import '@mantine/core/styles/SegmentedControl.css';
import { Anchor, Badge, Chip, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { SearchField } from '../../../client/ui/search-field';
import { usePageTitle } from '../../../client/shell/page-title';
import { FilteredList } from '../../../client/ui/filtered-list';
import type { ArticleArea, ArticleSummary } from '../articles.contract';
import { articleMeta } from './article-format';
import { ARTICLE_PAGE_SIZE, articleCategoriesQueryOptions, articleListQueryOptions, type ArticleSearch } from './articles.api';

const CARDS = { base: 1, sm: 2, lg: 3 };

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
      <FilteredList
        list={list}
        one="article"
        many="articles"
        noMatches="No articles match your search."
        nothingYet="There are no articles yet."
        filtered={filtered}
        onClearFilters={() => onSearch({})}
        clearLabel="Clear search"
        page={search.page ?? 1}
        pageSize={ARTICLE_PAGE_SIZE}
        onPage={(page) => onSearch({ ...search, page: page > 1 ? page : undefined })}
        skeleton={{ rows: 3, height: 160, cols: CARDS }}
      >
        {(articles) => (
          <SimpleGrid cols={CARDS} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Articles">
            {articles.map((article) => (
              <ArticleCard key={article.id} article={article} />
            ))}
          </SimpleGrid>
        )}
      </FilteredList>
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
