// The details a document's upload and its "Edit details" share: folder, tags, what readers do
// with it, who may see it and the special-category flag.
import { Checkbox, MultiSelect, Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { referenceListQueryOptions } from '../../../client/api/reference-lists';
import {
  ACTION_LABELS,
  AUDIENCE_LABELS,
  AUDIENCES,
  DOCUMENT_ACTIONS,
  NOT_SIGNABLE_MESSAGE,
  type Audience,
  type DocumentAction,
  type DocumentArea,
} from '../documents.contract';
import { foldersQueryOptions, peopleQueryOptions, tagsQueryOptions } from './documents.api';

export type DocumentFieldValues = {
  folder_id: string | null;
  tag_ids: string[];
  action: DocumentAction;
  audience: Audience;
  audience_ids: string[];
  special_category: boolean;
};
export const NEW_DOCUMENT_FIELDS: DocumentFieldValues = {
  folder_id: null,
  tag_ids: [],
  action: 'read',
  audience: 'everyone',
  audience_ids: [],
  special_category: false,
};

export function AudienceFields(props: {
  audience: Audience;
  audienceIds: string[];
  onAudience: (value: Audience) => void;
  onIds: (value: string[]) => void;
  error?: string;
  idsError?: string;
}) {
  const departments = useQuery(referenceListQueryOptions('departments'));
  const locations = useQuery(referenceListQueryOptions('company-location'));
  const people = useQuery({ ...peopleQueryOptions(), enabled: props.audience === 'people' });
  const options =
    props.audience === 'departments'
      ? (departments.data?.results ?? []).map((d) => ({ value: d.id, label: d.name }))
      : props.audience === 'locations'
        ? (locations.data?.results ?? []).map((l) => ({ value: l.id, label: l.name }))
        : (people.data?.results ?? []).map((p) => ({ value: p.id, label: `${p.first_name} ${p.surname}` }));
  return (
    <>
      <Select
        label="Who can see it"
        data={AUDIENCES.map((value) => ({ value, label: AUDIENCE_LABELS[value] }))}
        value={props.audience}
        allowDeselect={false}
        error={props.error}
        onChange={(value) => {
          props.onAudience((value ?? 'everyone') as Audience);
          props.onIds([]);
        }}
      />
      {(props.audience === 'departments' || props.audience === 'locations' || props.audience === 'people') && (
        <MultiSelect
          label={AUDIENCE_LABELS[props.audience]}
          data={options}
          value={props.audienceIds}
          onChange={props.onIds}
          searchable
          error={props.idsError}
        />
      )}
    </>
  );
}

/**
 * The shared fields. `signable` is false when the file (or one of the files) is a Word or Excel
 * file: "Sign" is then offered disabled, with the reason, as the server refuses it.
 */
export function DocumentFields(props: {
  area: DocumentArea;
  values: DocumentFieldValues;
  onChange: <K extends keyof DocumentFieldValues>(key: K, value: DocumentFieldValues[K]) => void;
  errors?: Partial<Record<keyof DocumentFieldValues, string | undefined>>;
  signable: boolean;
  /** A document about a person is seen by them, its signers and HR only: its audience does not apply. */
  subjectName?: string | null;
}) {
  const { values, onChange, errors = {} } = props;
  const folders = useQuery(foldersQueryOptions(props.area));
  const tags = useQuery(tagsQueryOptions());
  const signBlocked = !props.signable && values.action !== 'sign';
  return (
    <>
      <Select
        label="Folder"
        placeholder="No folder"
        clearable
        data={(folders.data?.results ?? []).map((f) => ({ value: f.id, label: f.name }))}
        value={values.folder_id}
        onChange={(value) => onChange('folder_id', value)}
        error={errors.folder_id}
      />
      <MultiSelect
        label="Tags"
        data={(tags.data?.results ?? []).map((t) => ({ value: t.id, label: t.name }))}
        value={values.tag_ids}
        onChange={(value) => onChange('tag_ids', value)}
        searchable
        error={errors.tag_ids}
      />
      <Select
        label="What readers do"
        data={DOCUMENT_ACTIONS.map((value) => ({
          value,
          label: ACTION_LABELS[value],
          disabled: value === 'sign' && signBlocked,
        }))}
        value={values.action}
        allowDeselect={false}
        onChange={(value) => onChange('action', (value ?? 'read') as DocumentAction)}
        description={props.signable ? undefined : NOT_SIGNABLE_MESSAGE}
        error={errors.action}
      />
      {props.subjectName ? (
        <Text size="sm" c="dimmed">
          About {props.subjectName}: only they, the people asked to sign it and HR can see it.
        </Text>
      ) : (
        <AudienceFields
          audience={values.audience}
          audienceIds={values.audience_ids}
          onAudience={(value) => onChange('audience', value)}
          onIds={(value) => onChange('audience_ids', value)}
          error={errors.audience}
          idsError={errors.audience_ids}
        />
      )}
      <Checkbox
        label="Special-category content (health, for example): never kept on devices for offline use"
        checked={values.special_category}
        onChange={(event) => onChange('special_category', event.currentTarget.checked)}
        error={errors.special_category}
      />
    </>
  );
}
