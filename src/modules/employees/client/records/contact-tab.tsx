// The profile's Contact tab: home address, telephones and personal e-mail, edited in place
// with the postcode, extension and e-mail rules.
import { Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { can } from '../../../../client/ui/permission-guard';
import {
  personalRecordEndpoints,
  personalRecordResources,
  UpdateContactDetailsInputSchema,
  type ContactDetails,
  type UpdateContactDetailsInput,
} from '../../personal-records.contract';
import type { ProfileTabProps } from '../profile/profile-tabs';
import { contactDetailsQueryOptions, updateContactDetailsMutationOptions } from './personal-records.api';
import { initialTextValues, RecordForm, type FieldSpec } from './personal-records-form';
import { QueryState, ReadView, RecordSection } from './personal-records-ui';

const CONTACT_FIELDS: FieldSpec[] = [
  { name: 'address_line1', label: 'Address line 1', maxLength: 100 },
  { name: 'address_line2', label: 'Address line 2', maxLength: 100 },
  { name: 'town', label: 'Town or city', maxLength: 100 },
  { name: 'county', label: 'County', maxLength: 100 },
  { name: 'postcode', label: 'Postcode', maxLength: 8 },
  { name: 'personal_email', label: 'Personal e-mail', kind: 'email', maxLength: 254 },
  { name: 'home_phone', label: 'Home phone', kind: 'tel', maxLength: 20 },
  { name: 'mobile_phone', label: 'Mobile phone', kind: 'tel', maxLength: 20 },
  { name: 'work_phone', label: 'Work phone', kind: 'tel', maxLength: 20 },
  { name: 'work_extension', label: 'Work extension', maxLength: 10 },
];

export function addressOf(contact: ContactDetails): string | null {
  const lines = [contact.address_line1, contact.address_line2, contact.town, contact.county, contact.postcode].filter(Boolean);
  return lines.length > 0 ? lines.join('\n') : null;
}

export default function ContactTab({ userId }: ProfileTabProps) {
  const queryClient = useQueryClient();
  const contact = useQuery(contactDetailsQueryOptions(userId));
  const update = useMutation(updateContactDetailsMutationOptions(queryClient));
  const [editing, setEditing] = useState(false);
  const mayEdit = can({ endpoint: personalRecordEndpoints.contactDetails, method: 'PUT' });
  return (
    <Stack gap="lg">
      <RecordSection title="Contact details" onEdit={mayEdit && contact.data && !editing ? () => setEditing(true) : null}>
        <QueryState query={contact} what="contact details" />
        {contact.data &&
          (editing ? (
            <RecordForm
              label="Contact details"
              schema={UpdateContactDetailsInputSchema}
              fields={CONTACT_FIELDS}
              initialValues={initialTextValues(CONTACT_FIELDS, contact.data)}
              resource={personalRecordResources.contactDetails}
              onSave={(input) => update.mutateAsync({ userId, input: input as UpdateContactDetailsInput })}
              onDone={() => setEditing(false)}
              savedMessage="Contact details saved."
            />
          ) : (
            <ReadView
              items={[
                { label: 'Home address', value: addressOf(contact.data) },
                { label: 'Personal e-mail', value: contact.data.personal_email },
                { label: 'Home phone', value: contact.data.home_phone },
                { label: 'Mobile phone', value: contact.data.mobile_phone },
                { label: 'Work phone', value: contact.data.work_phone },
                { label: 'Work extension', value: contact.data.work_extension },
              ]}
            />
          ))}
      </RecordSection>
    </Stack>
  );
}
