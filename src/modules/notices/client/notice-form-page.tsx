// /notices/new and /notice/{id}/edit: title, body (the rich-text editor), audience (owners and
// HR admins: everyone, departments or locations; managers: their departments), publish now or
// at a set London time (the publish job sends it then), an optional last day, pinned,
// acknowledgement required and e-mail. A 422 puts the server's words on the fields.
import { DateField } from '../../../client/ui/date-field';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Skeleton.css';
import { Button, Checkbox, Group, Paper, SegmentedControl, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../client/api/api-client';
import { departmentsQueryOptions, referenceListQueryOptions } from '../../../client/api/reference-lists';
import { usePageTitle } from '../../../client/shell/page-title';
import { showSuccessToast, showValidationFailedToast } from '../../../client/shell/toasts';
import { LoadError } from '../../../client/ui/load-error';
import { can } from '../../../client/ui/permission-guard';
import { RichTextEditor } from '../../../client/ui/rich-text-editor';
import { getToken } from '../../../client/auth/token-store';
import { readTokenClaims } from '../../../client/auth/token-claims';
import { NOTICE_TITLE_MAX, NOTICES_ENDPOINT, type Notice, type NoticeAudience } from '../notices.contract';
import { emptyNoticeForm, noticeFormValuesOf, noticeInputOf, type NoticeFormValues } from './notice-form';
import { noticeQueryOptions, saveNoticeMutationOptions } from './notices.api';

export function NoticeFormPage({ id }: { id: string | null }) {
  usePageTitle(id ? 'Edit notice' : 'New notice');
  const notice = useQuery({ ...noticeQueryOptions(id ?? ''), enabled: id !== null });
  if (id === null) return <NoticeForm notice={null} />;
  if (notice.isPending) return <Skeleton height={320} aria-label="Loading the notice" />;
  if (notice.isError)
    return <LoadError what="notice" error={notice.error} onRetry={() => void notice.refetch()} notFound="This notice does not exist." />;
  return <NoticeForm key={notice.data.id} notice={notice.data} />;
}

function NoticeForm({ notice }: { notice: Notice | null }) {
  const companyWide = can({ endpoint: NOTICES_ENDPOINT, method: 'POST', scope: 'company' });
  const myDepartments = readTokenClaims(getToken())?.departments ?? [];
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [values, setValues] = useState<NoticeFormValues>(notice ? noticeFormValuesOf(notice) : emptyNoticeForm(companyWide));
  const departments = useQuery(departmentsQueryOptions());
  const locations = useQuery({ ...referenceListQueryOptions('company-location'), enabled: companyWide });
  const save = useMutation(saveNoticeMutationOptions(queryClient));
  const errors = isApiError(save.error, 422) ? (save.error.fieldErrors ?? {}) : {};
  const set = (patch: Partial<NoticeFormValues>) => setValues((current) => ({ ...current, ...patch }));
  const departmentChoices = (departments.data?.results ?? []).filter((d) => companyWide || myDepartments.includes(d.id));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(
      { id: notice?.id ?? null, input: noticeInputOf(values) },
      {
        onSuccess: (saved) => {
          showSuccessToast({ message: notice ? 'Notice saved.' : saved.published_at ? 'Notice published.' : 'Notice scheduled.' });
          void navigate({ to: '/notice/$id', params: { id: saved.id } });
        },
        onError: (error) => {
          if (isApiError(error, 422)) showValidationFailedToast();
        },
      },
    );
  }

  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>{notice ? 'Edit notice' : 'New notice'}</Title>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate aria-label={notice ? 'Edit notice' : 'New notice'}>
          <Stack gap="md">
            <TextInput
              label="Title"
              required
              maxLength={NOTICE_TITLE_MAX}
              value={values.title}
              onChange={(event) => set({ title: event.currentTarget.value })}
              error={errors.title?.[0]}
            />
            <RichTextEditor label="Message" required value={values.body} onChange={(body) => set({ body })} error={errors.body?.[0]} />
            <Stack gap={6}>
              <Text size="sm" fw={500} id="notice-audience">
                Who is it for?
              </Text>
              {companyWide ? (
                <SegmentedControl
                  aria-labelledby="notice-audience"
                  value={values.audience}
                  onChange={(audience) => set({ audience: audience as NoticeAudience })}
                  data={[
                    { value: 'everyone', label: 'Everyone' },
                    { value: 'departments', label: 'Departments' },
                    { value: 'locations', label: 'Locations' },
                  ]}
                />
              ) : (
                <Text size="sm" c="dimmed">
                  Managers address the departments they manage.
                </Text>
              )}
              {errors.audience?.[0] && (
                <Text c="red" size="sm">
                  {errors.audience[0]}
                </Text>
              )}
            </Stack>
            {values.audience === 'departments' && (
              <Checkbox.Group
                label="Departments"
                required
                value={values.department_ids}
                onChange={(ids) => set({ department_ids: ids })}
                error={errors.department_ids?.[0]}
              >
                <Group gap="md" mt={6}>
                  {departmentChoices.map((department) => (
                    <Checkbox key={department.id} value={department.id} label={department.name} />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
            {values.audience === 'locations' && (
              <Checkbox.Group
                label="Locations"
                required
                value={values.location_ids}
                onChange={(ids) => set({ location_ids: ids })}
                error={errors.location_ids?.[0]}
              >
                <Group gap="md" mt={6}>
                  {(locations.data?.results ?? []).map((location) => (
                    <Checkbox key={location.id} value={location.id} label={location.name} />
                  ))}
                  {locations.data?.results.length === 0 && <Text size="sm">Your company has no locations yet.</Text>}
                </Group>
              </Checkbox.Group>
            )}
            {!notice?.published_at && (
              <Stack gap={6}>
                <Text size="sm" fw={500} id="notice-when">
                  Publish
                </Text>
                <SegmentedControl
                  aria-labelledby="notice-when"
                  value={values.when}
                  onChange={(when) => set({ when: when as 'now' | 'later' })}
                  data={[
                    { value: 'now', label: 'Now' },
                    { value: 'later', label: 'At a set time' },
                  ]}
                />
                {values.when === 'later' && (
                  <Group gap="sm" grow>
                    <DateField
                      label="Date"
                      name="publish_date"
                      required
                      value={values.publish_date}
                      onChange={(value) => set({ publish_date: value })}
                      error={errors.publish_at?.[0]}
                    />
                    <TextInput
                      type="time"
                      label="Time (UK)"
                      required
                      value={values.publish_time}
                      onChange={(event) => set({ publish_time: event.currentTarget.value })}
                    />
                  </Group>
                )}
              </Stack>
            )}
            <DateField
              label="Show until"
              name="expires_on"
              description="The last day it shows on the noticeboard. Leave empty to keep it."
              value={values.expires_on}
              onChange={(value) => set({ expires_on: value })}
              error={errors.expires_on?.[0]}
            />
            <Checkbox
              label="Pin to the top of the noticeboard"
              checked={values.pinned}
              onChange={(event) => set({ pinned: event.currentTarget.checked })}
            />
            <Checkbox
              label="Ask people to acknowledge it"
              description="They confirm they have read and understood it; they are also e-mailed."
              checked={values.acknowledgement_required}
              onChange={(event) => set({ acknowledgement_required: event.currentTarget.checked })}
            />
            <Checkbox
              label="Also send it by e-mail"
              description="To those who have not turned e-mail off."
              checked={values.send_email || values.acknowledgement_required}
              disabled={values.acknowledgement_required}
              onChange={(event) => set({ send_email: event.currentTarget.checked })}
            />
            <Group justify="flex-end">
              <Button
                variant="default"
                renderRoot={(props) => (
                  <Link {...props} to={notice ? '/notice/$id' : '/notices'} params={notice ? { id: notice.id } : {}} />
                )}
              >
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                {notice ? 'Save' : values.when === 'later' ? 'Schedule' : 'Publish'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
