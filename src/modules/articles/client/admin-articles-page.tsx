// /admin/articles: the administrators' list of every expert article, drafts included, with
// search and "New article"; each row opens its editor.
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Skeleton.css';
import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { usePageTitle } from '../../../client/shell/page-title';
import { LoadError } from '../../../client/ui/load-error';
import { ARTICLE_AREA_LABELS } from '../articles.contract';
import { articleDate } from './article-format';
import { articleListQueryOptions } from './articles.api';

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
      {list.isPending ? (
        <Skeleton height={200} aria-label="Loading articles" />
      ) : list.isError ? (
        <LoadError what="articles" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text ta="center">{search ? 'No articles match your search.' : 'There are no articles yet.'}</Text>
        </Paper>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Title</Table.Th>
                <Table.Th>Area</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th>Publish date</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.results.map((article) => (
                <Table.Tr key={article.id}>
                  <Table.Td>
                    <Anchor renderRoot={(props) => <Link {...props} to="/admin/articles/$id" params={{ id: article.id }} />}>
                      {article.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{ARTICLE_AREA_LABELS[article.area]}</Table.Td>
                  <Table.Td>{article.category}</Table.Td>
                  <Table.Td>{articleDate(article.published_on)}</Table.Td>
                  <Table.Td>
                    <Badge color={article.status === 'published' ? 'green' : 'gray'}>
                      {article.status === 'published' ? 'Published' : 'Draft'}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
