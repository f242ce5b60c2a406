// The profile's Personal tab: personal details, the special-category and financial details
// (only when the server sent them: the person, HR admins and owners), and About me. Each
// section reads, and turns into its form with Edit when the viewer may change it.
import { Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { can } from '../../../../client/ui/permission-guard';
import { DATE_FORMATS, formatCalendarDate } from '../../../../shared/dates';
import {
  ABOUT_MAX_LENGTH,
  INTERESTS_MAX_LENGTH,
  personalRecordEndpoints,
  personalRecordResources,
  UpdateAboutMeInputSchema,
  UpdatePersonalDetailsInputSchema,
  type PersonalDetails,
  type UpdateAboutMeInput,
  type UpdatePersonalDetailsInput,
} from '../../personal-records.contract';
import type { ProfileTabProps } from '../profile/profile-tabs';
import {
  aboutMeQueryOptions,
  personalDetailsQueryOptions,
  updateAboutMeMutationOptions,
  updatePersonalDetailsMutationOptions,
} from './personal-records.api';
import { initialTextValues, RecordForm, type FieldSpec } from './personal-records-form';
import { QueryState, ReadView, RecordSection } from './personal-records-ui';

const PERSONAL_FIELDS: FieldSpec[] = [
  { name: 'date_of_birth', label: 'Date of birth', kind: 'date' },
  { name: 'gender', label: 'Gender', maxLength: 50 },
  { name: 'nationality', label: 'Nationality', maxLength: 100 },
];

const SPECIAL_FIELDS: FieldSpec[] = [
  { name: 'ethnicity', label: 'Ethnicity', maxLength: 100 },
  { name: 'ni_number', label: 'National insurance number', description: 'For example AB 12 34 56 C.', maxLength: 13 },
  { name: 'bank_account_name', label: 'Bank account name', maxLength: 100 },
  { name: 'bank_sort_code', label: 'Sort code', description: 'Six digits, for example 12-34-56.', maxLength: 8 },
  { name: 'bank_account_number', label: 'Account number', description: 'Eight digits.', maxLength: 8 },
  { name: 'health_notes', label: 'Health notes', kind: 'textarea', maxLength: 2000 },
];

const ABOUT_FIELDS: FieldSpec[] = [
  { name: 'about', label: 'About me', kind: 'textarea', maxLength: ABOUT_MAX_LENGTH },
  { name: 'interests', label: 'Interests', kind: 'textarea', maxLength: INTERESTS_MAX_LENGTH },
];

type Editing = 'personal' | 'special' | 'about' | null;

function PersonalSections({ userId, details }: { userId: string; details: PersonalDetails }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const update = useMutation(updatePersonalDetailsMutationOptions(queryClient));
  const mayEdit = can({ endpoint: personalRecordEndpoints.personalDetails, method: 'PUT' });
  const mayEditSpecial = mayEdit && can({ endpoint: personalRecordEndpoints.specialCategory, method: 'PUT' });
  const save = (input: unknown) => update.mutateAsync({ userId, input: input as UpdatePersonalDetailsInput });
  const form = (key: Exclude<Editing, null>, label: string, fields: FieldSpec[]) => (
    <RecordForm
      label={label}
      schema={UpdatePersonalDetailsInputSchema}
      fields={fields}
      initialValues={initialTextValues(fields, details)}
      resource={personalRecordResources.personalDetails}
      onSave={save}
      onDone={() => setEditing(null)}
      savedMessage={`${label} saved.`}
      key={key}
    />
  );
  return (
    <>
      <RecordSection title="Personal details" onEdit={mayEdit && editing !== 'personal' ? () => setEditing('personal') : null}>
        {editing === 'personal' ? (
          form('personal', 'Personal details', PERSONAL_FIELDS)
        ) : (
          <ReadView
            items={[
              {
                label: 'Date of birth',
                value: details.date_of_birth ? formatCalendarDate(details.date_of_birth, DATE_FORMATS.date) : null,
              },
              { label: 'Gender', value: details.gender },
              { label: 'Nationality', value: details.nationality },
            ]}
          />
        )}
      </RecordSection>
      {details.special_category && (
        <RecordSection
          title="Sensitive details"
          editLabel="Edit sensitive details"
          onEdit={mayEditSpecial && editing !== 'special' ? () => setEditing('special') : null}
        >
          {editing === 'special' ? (
            form('special', 'Sensitive details', SPECIAL_FIELDS)
          ) : (
            <ReadView
              items={SPECIAL_FIELDS.map((field) => ({
                label: field.label,
                value: details[field.name as keyof PersonalDetails] as string | null,
              }))}
            />
          )}
        </RecordSection>
      )}
    </>
  );
}

function AboutMeSection({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const about = useQuery(aboutMeQueryOptions(userId));
  const update = useMutation(updateAboutMeMutationOptions(queryClient));
  const [editing, setEditing] = useState(false);
  const mayEdit = can({ endpoint: personalRecordEndpoints.aboutMe, method: 'PUT' });
  return (
    <RecordSection title="About me" onEdit={mayEdit && about.data && !editing ? () => setEditing(true) : null}>
      <QueryState query={about} what="about me section" />
      {about.data &&
        (editing ? (
          <RecordForm
            label="About me"
            schema={UpdateAboutMeInputSchema}
            fields={ABOUT_FIELDS}
            initialValues={initialTextValues(ABOUT_FIELDS, about.data)}
            resource={personalRecordResources.aboutMe}
            onSave={(input) => update.mutateAsync({ userId, input: input as UpdateAboutMeInput })}
            onDone={() => setEditing(false)}
            savedMessage="About me saved."
          />
        ) : (
          <ReadView
            items={[
              { label: 'About me', value: about.data.about },
              { label: 'Interests', value: about.data.interests },
            ]}
          />
        ))}
    </RecordSection>
  );
}

export default function PersonalTab({ userId }: ProfileTabProps) {
  const details = useQuery(personalDetailsQueryOptions(userId));
  return (
    <Stack gap="lg">
      <QueryState query={details} what="personal details" />
      {details.data && <PersonalSections userId={userId} details={details.data} />}
      <AboutMeSection userId={userId} />
    </Stack>
  );
}
