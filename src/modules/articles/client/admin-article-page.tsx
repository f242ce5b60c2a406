// /admin/articles/{id} ("new" for a new one): the administrators' article editor — title,
// summary, body (the rich-text editor), category, tags, HR or H&S, draft or published, the
// publish date and the sources. Saved articles reach every company at once (realtime).
import { DateField } from '../../../client/ui/date-field';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Skeleton.css';
import { ActionIcon, Button, Group, Paper, SegmentedControl, Skeleton, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../client/api/api-client';
import { usePageTitle } from '../../../client/shell/page-title';
import { showSuccessToast, showValidationFailedToast } from '../../../client/shell/toasts';
import { ConfirmButton } from '../../../client/ui/confirm-dialog';
import { LoadError } from '../../../client/ui/load-error';
import { RichTextEditor } from '../../../client/ui/rich-text-editor';
import type { Article, ArticleArea, ArticleStatus } from '../articles.contract';
import { articleFormValuesOf, articleInputOf, emptyArticleForm, type ArticleFormValues } from './article-form';
import { articleQueryOptions, deleteArticleMutationOptions, saveArticleMutationOptions } from './articles.api';

export function AdminArticlePage({ id }: { id: string }) {
  const isNew = id === 'new';
  usePageTitle(isNew ? 'New article' : 'Edit article');
  const article = useQuery({ ...articleQueryOptions(id), enabled: !isNew });
  if (isNew) return <ArticleForm article={null} />;
  if (article.isPending) return <Skeleton height={400} aria-label="Loading the article" />;
  if (article.isError)
    return (
      <LoadError what="article" error={article.error} onRetry={() => void article.refetch()} notFound="This article does not exist." />
    );
  return <ArticleForm key={article.data.id} article={article.data} />;
}

function ArticleForm({ article }: { article: Article | null }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [values, setValues] = useState<ArticleFormValues>(article ? articleFormValuesOf(article) : emptyArticleForm());
  const save = useMutation(saveArticleMutationOptions(queryClient));
  const remove = useMutation(deleteArticleMutationOptions(queryClient));
  const errors = isApiError(save.error, 422) ? (save.error.fieldErrors ?? {}) : {};
  const set = (patch: Partial<ArticleFormValues>) => setValues((current) => ({ ...current, ...patch }));
  const setSource = (index: number, patch: Partial<{ name: string; url: string }>) =>
    set({ sources: values.sources.map((source, i) => (i === index ? { ...source, ...patch } : source)) });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(
      { id: article?.id ?? null, input: articleInputOf(values) },
      {
        onSuccess: (saved) => {
          showSuccessToast({ message: 'Article saved.' });
          if (!article) void navigate({ to: '/admin/articles/$id', params: { id: saved.id } });
        },
        onError: (error) => {
          if (isApiError(error, 422)) showValidationFailedToast();
        },
      },
    );
  }

  return (
    <Stack gap="lg" maw={860}>
      <Title order={1}>{article ? 'Edit article' : 'New article'}</Title>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate aria-label={article ? 'Edit article' : 'New article'}>
          <Stack gap="md">
            <TextInput
              label="Title"
              required
              maxLength={200}
              value={values.title}
              onChange={(e) => set({ title: e.currentTarget.value })}
              error={errors.title?.[0]}
            />
            <Textarea
              label="Summary"
              required
              rows={3}
              maxLength={500}
              value={values.summary}
              onChange={(e) => set({ summary: e.currentTarget.value })}
              error={errors.summary?.[0]}
            />
            <RichTextEditor
              label="Article"
              required
              minHeight={320}
              value={values.body}
              onChange={(body) => set({ body })}
              error={errors.body?.[0]}
            />
            <Group grow align="flex-start">
              <TextInput
                label="Category"
                required
                maxLength={80}
                value={values.category}
                onChange={(e) => set({ category: e.currentTarget.value })}
                error={errors.category?.[0]}
              />
              <TextInput
                label="Tags"
                description="Separated by commas."
                value={values.tags}
                onChange={(e) => set({ tags: e.currentTarget.value })}
                error={errors.tags?.[0]}
              />
            </Group>
            <Group gap="lg" align="flex-end" wrap="wrap">
              <Stack gap={4}>
                <Text size="sm" fw={500} id="article-area">
                  Area
                </Text>
                <SegmentedControl
                  aria-labelledby="article-area"
                  value={values.area}
                  onChange={(area) => set({ area: area as ArticleArea })}
                  data={[
                    { value: 'hr', label: 'HR' },
                    { value: 'hs', label: 'Health & safety' },
                  ]}
                />
              </Stack>
              <Stack gap={4}>
                <Text size="sm" fw={500} id="article-status">
                  Status
                </Text>
                <SegmentedControl
                  aria-labelledby="article-status"
                  value={values.status}
                  onChange={(status) => set({ status: status as ArticleStatus })}
                  data={[
                    { value: 'draft', label: 'Draft' },
                    { value: 'published', label: 'Published' },
                  ]}
                />
              </Stack>
              <DateField
                label="Publish date"
                name="published_on"
                required
                value={values.published_on}
                onChange={(value) => set({ published_on: value })}
                error={errors.published_on?.[0]}
              />
            </Group>
            <Stack gap="xs">
              <Text size="sm" fw={500}>
                Sources
              </Text>
              {values.sources.map((source, index) => (
                <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
                  <TextInput
                    aria-label={`Source ${index + 1} name`}
                    placeholder="Name, e.g. HSE: RIDDOR"
                    value={source.name}
                    onChange={(e) => setSource(index, { name: e.currentTarget.value })}
                    style={{ flex: 1 }}
                  />
                  <TextInput
                    aria-label={`Source ${index + 1} address`}
                    placeholder="https://…"
                    value={source.url}
                    onChange={(e) => setSource(index, { url: e.currentTarget.value })}
                    style={{ flex: 1 }}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`Remove source ${index + 1}`}
                    onClick={() => set({ sources: values.sources.filter((_, i) => i !== index) })}
                  >
                    <IconTrash size={16} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              ))}
              {errors.sources?.[0] && (
                <Text c="red" size="sm">
                  {errors.sources[0]}
                </Text>
              )}
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconPlus size={14} aria-hidden="true" />}
                onClick={() => set({ sources: [...values.sources, { name: '', url: '' }] })}
                style={{ alignSelf: 'flex-start' }}
              >
                Add a source
              </Button>
            </Stack>
            <Group justify="space-between">
              {article ? (
                <ConfirmButton
                  color="red"
                  variant="light"
                  title="Delete this article?"
                  message="It disappears for every company. This cannot be undone."
                  confirmLabel="Delete"
                  onConfirm={() =>
                    remove.mutateAsync(article.id).then(() => {
                      showSuccessToast({ message: 'Article deleted.' });
                      void navigate({ to: '/admin/articles' });
                    })
                  }
                >
                  Delete
                </ConfirmButton>
              ) : (
                <span />
              )}
              <Group gap="sm">
                <Button variant="default" renderRoot={(props) => <Link {...props} to="/admin/articles" />}>
                  Back to the list
                </Button>
                <Button type="submit" loading={save.isPending}>
                  Save
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
