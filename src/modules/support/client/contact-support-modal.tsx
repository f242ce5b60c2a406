// The contact support modal, opened from the side menu. Everyone writes a
// message of at most 500 characters; authorised contacts choose the team it goes to, others
// write to the support team and must first confirm they know it is not their employer. Opened
// from the outbox to correct a refused message, it holds that message and the server's words.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import { Alert, Checkbox, Modal, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';
import { getToken } from '../../../client/auth/token-store';
import { readTokenClaims } from '../../../client/auth/token-claims';
import { CorrectionNotice } from '../../../client/offline/correction-notice';
import { QUEUED_TOAST_MESSAGE } from '../../../client/offline/outbox-copy';
import {
  correctionErrors,
  correctionRecord,
  DIALOG_FORMS,
  finishCorrection,
  useCorrection,
} from '../../../client/offline/outbox-correction';
import { showSuccessToast } from '../../../client/shell/toasts';
import { SelectField } from '../../../client/ui/select-field';
import { TextareaField } from '../../../client/ui/textarea-field';
import { useForm } from '../../../client/ui/use-form';
import { MESSAGE_MAX_LENGTH } from '../../../shared/constants';
import { isQueuedResponse } from '../../../shared/sw-messages';
import {
  CONTACT_CONFIRMATION,
  CONTACT_SUCCESS_MESSAGE,
  CONTACT_TYPE_LABELS,
  CONTACT_TYPES,
  ContactRequestSchema,
} from '../support.contract';
import { contactUsMutationOptions } from './contact-us.api';
import { FormFooter } from '../../../client/ui/form-footer';

export const CONTACT_SUPPORT_TITLE = 'Contact support';
const DEPARTMENT_OPTIONS = CONTACT_TYPES.map((type) => ({ value: type, label: CONTACT_TYPE_LABELS[type] }));

// An authorised contact must choose; everyone else writes to the support team.
const AuthorisedContactSchema = v.object({
  ...ContactRequestSchema.entries,
  contact_type: v.picklist(CONTACT_TYPES, 'Field is required.'),
});

type ContactSupportModalProps = { opened: boolean; onClose: () => void };

export function ContactSupportModal({ opened, onClose }: ContactSupportModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={CONTACT_SUPPORT_TITLE} size="lg">
      {/* Mounted only while open, so every opening starts with an empty form. */}
      {opened && <ContactSupportForm onClose={onClose} />}
    </Modal>
  );
}

function ContactSupportForm({ onClose }: { onClose: () => void }) {
  const claims = readTokenClaims(getToken());
  const authorised = claims?.authorised_contact === true;
  const correction = useCorrection(DIALOG_FORMS.contactSupport);
  const queued = correctionRecord(correction);
  // The person confirmed it when they first sent this message.
  const [confirmed, setConfirmed] = useState(correction !== null);
  const mutation = useMutation(contactUsMutationOptions());
  const queuedType = CONTACT_TYPES.find((type) => type === queued?.contact_type) ?? null;
  const form = useForm({
    schema: authorised ? AuthorisedContactSchema : ContactRequestSchema,
    initialValues: {
      contact_type: authorised ? queuedType : 'support',
      message: typeof queued?.message === 'string' ? queued.message : '',
      company_id: claims?.company_id ?? '',
    },
    initialErrors: correctionErrors(correction),
    onSubmit: async (values) => {
      const answer = await mutation.mutateAsync(values);
      finishCorrection(correction);
      showSuccessToast({ message: isQueuedResponse(answer) ? QUEUED_TOAST_MESSAGE : CONTACT_SUCCESS_MESSAGE });
      onClose();
    },
  });

  return (
    <form noValidate onSubmit={form.onSubmit}>
      <Stack gap="md">
        <CorrectionNotice item={correction} what="message" />
        {authorised && (
          <SelectField label="Department" required data={DEPARTMENT_OPTIONS} {...form.valueProps<string | null>('contact_type')} />
        )}
        <TextareaField label="Message" required maxLength={MESSAGE_MAX_LENGTH} data-autofocus {...form.textProps('message')} />
        {!authorised && (
          <Checkbox label={CONTACT_CONFIRMATION} checked={confirmed} onChange={(event) => setConfirmed(event.currentTarget.checked)} />
        )}
        {form.otherErrors.length > 0 && (
          <Alert color="red" variant="light">
            {form.otherErrors.join(' ')}
          </Alert>
        )}
        <FormFooter submitting={form.submitting} onCancel={onClose} label="Send" disabled={!authorised && !confirmed} />
      </Stack>
    </form>
  );
}
