// /admin/articles: the administrators' list of every expert article, drafts included, with
// search and "New article"; each row opens its editor.
import { Anchor, Badge, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { usePageTitle } from '../../../client/shell/page-title';
import { QueryRows } from '../../../client/ui/query-rows';
import { RowsView, type RowColumn } from '../../../client/ui/rows-view';
import { ARTICLE_AREA_LABELS, type ArticleSummary } from '../articles.contract';
import { articleDate } from './article-format';
import { articleListQueryOptions } from './articles.api';

const COLUMNS: RowColumn<ArticleSummary>[] = [
  {
    label: 'Title',
    render: (article) => (
      <Anchor renderRoot={(props) => <Link {...props} to="/admin/articles/$id" params={{ id: article.id }} />}>{article.title}</Anchor>
    ),
  },
  { label: 'Area', render: (article) => ARTICLE_AREA_LABELS[article.area] },
  { label: 'Category', render: (article) => article.category },
  { label: 'Publish date', nowrap: true, render: (article) => articleDate(article.published_on) },
  {
    label: 'Status',
    nowrap: true,
    render: (article) => (
      <Badge color={article.status === 'published' ? 'green' : 'gray'}>{article.status === 'published' ? 'Published' : 'Draft'}</Badge>
    ),
  },
];

export function AdminArticlesPage() {
  usePageTitle('Expert articles');
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), 350);
  const list = useQuery(articleListQueryOptions(search ? { search } : {}, true));
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Expert articles</Title>
        <Button
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          renderRoot={(props) => <Link {...props} to="/admin/articles/$id" params={{ id: 'new' }} />}
        >
          New article
        </Button>
      </Group>
      <TextInput
        aria-label="Search articles"
        placeholder="Search articles"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <QueryRows
        query={list}
        rows={list.data?.results}
        what="articles"
        empty={search ? 'No articles match your search.' : 'There are no articles yet.'}
      >
        {(rows) => <RowsView label="Expert articles" rows={rows} columns={COLUMNS} minWidth={560} titleOf={(article) => article.title} />}
      </QueryRows>
    </Stack>
  );
}
