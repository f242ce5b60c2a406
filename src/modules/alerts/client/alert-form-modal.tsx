// Create or edit one alert: short message, long message (HTML, cleaned by the server), kind,
// an optional company (none = every company) and the publish date and time (none = draft).
// Opened from the outbox to correct a refused write: its values and the server's words; a
// change to an alert deleted meanwhile is made as a new alert.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SegmentedControl.css';
import { Input, Modal, SegmentedControl, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../client/api/api-client';
import { CorrectionNotice } from '../../../client/offline/correction-notice';
import { QUEUED_TOAST_MESSAGE } from '../../../client/offline/outbox-copy';
import { correctionErrors, finishCorrection } from '../../../client/offline/outbox-correction';
import { showSuccessToast } from '../../../client/shell/toasts';
import { TEXTAREA_ROWS } from '../../../shared/constants';
import { isQueuedResponse, type OutboxItemSummary } from '../../../shared/sw-messages';
import { ALERT_KINDS, SHORT_MESSAGE_MAX_LENGTH, type AdminAlert, type AlertKind } from '../alerts.contract';
import {
  ALERT_KIND_LABELS,
  ALL_COMPANIES,
  alertInputOf,
  EMPTY_ALERT_FORM,
  formValuesOf,
  formValuesOfQueued,
  type AlertFormValues,
} from './alert-form';
import { CompanySelect } from '../../../client/ui/company-select';
import { createAlertMutationOptions, updateAlertMutationOptions } from './alerts.api';
import { rememberQueuedCompany } from './queued-companies';
import { FormFooter } from '../../../client/ui/form-footer';

const EVERY_COMPANY = 'all';

/**
 * `alert`: the alert to edit, or null for a new one. `correction`: a refused write of an alert to
 * correct (`alertId` the alert a refused change was for, when it is still there to change).
 */
type Props = {
  opened: boolean;
  alert: AdminAlert | null;
  correction?: OutboxItemSummary | null;
  alertId?: string | null;
  onClose: () => void;
};

export function AlertFormModal({ opened, alert, correction = null, alertId = null, onClose }: Props) {
  const editing = alert !== null || alertId !== null;
  return (
    <Modal opened={opened} onClose={onClose} title={editing ? 'Edit alert' : 'New alert'} size="lg">
      {/* Keyed so each opening starts from the alert's own values. */}
      {opened && (
        <AlertForm
          key={correction?.id ?? alert?.id ?? 'new'}
          alert={alert}
          id={alert?.id ?? alertId}
          correction={correction}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

type FormProps = { alert: AdminAlert | null; id: string | null; correction: OutboxItemSummary | null; onDone: () => void };

function AlertForm({ alert, id, correction, onDone }: FormProps) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<AlertFormValues>(() =>
    correction ? formValuesOfQueued(correction.body, alert) : alert ? formValuesOf(alert) : EMPTY_ALERT_FORM,
  );
  const create = useMutation(createAlertMutationOptions(queryClient));
  const update = useMutation(updateAlertMutationOptions(queryClient));
  const mutation = id ? update : create;
  const errors = isApiError(mutation.error, 422)
    ? (mutation.error.fieldErrors ?? {})
    : mutation.isIdle
      ? (correctionErrors(correction) ?? {})
      : {};
  const set = (patch: Partial<AlertFormValues>) => setValues((current) => ({ ...current, ...patch }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = alertInputOf(values);
    const done = (answer: unknown) => {
      // Its body names the company by id only: the name the picker showed is kept to correct it by.
      if (isQueuedResponse(answer) && values.company_id && values.company_name)
        rememberQueuedCompany(values.company_id, values.company_name);
      finishCorrection(correction);
      const saved = id ? 'Alert saved.' : 'Alert created.';
      showSuccessToast({ message: isQueuedResponse(answer) ? QUEUED_TOAST_MESSAGE : saved });
      onDone();
    };
    if (id) update.mutate({ id, input }, { onSuccess: done });
    else create.mutate(input, { onSuccess: done });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={id ? 'Edit alert' : 'New alert'}>
      <Stack gap="md">
        <CorrectionNotice item={correction} what="alert" />
        <Input.Wrapper label="Kind" error={errors.kind?.[0]}>
          <SegmentedControl
            fullWidth
            value={values.kind}
            onChange={(kind) => set({ kind: kind as AlertKind })}
            data={ALERT_KINDS.map((kind) => ({ value: kind, label: ALERT_KIND_LABELS[kind] }))}
          />
        </Input.Wrapper>
        <TextInput
          label="Short message"
          required
          maxLength={SHORT_MESSAGE_MAX_LENGTH}
          value={values.short_message}
          onChange={(event) => set({ short_message: event.currentTarget.value })}
          error={errors.short_message?.[0]}
        />
        <Textarea
          label="Long message"
          description="HTML is allowed: paragraphs, emphasis, lists and links."
          rows={TEXTAREA_ROWS}
          value={values.long_message}
          onChange={(event) => set({ long_message: event.currentTarget.value })}
          error={errors.long_message?.[0]}
        />
        <CompanySelect
          label="Company"
          required
          leading={[{ value: EVERY_COMPANY, label: ALL_COMPANIES }]}
          value={values.company_id && values.company_name ? { id: values.company_id, label: values.company_name } : null}
          onChange={(choice) => set({ company_id: choice?.id ?? null, company_name: choice?.label ?? null })}
          error={errors.company_id?.[0]}
        />
        <TextInput
          type="datetime-local"
          label="Publish on"
          description="London time. Leave empty to keep it as a draft; a future date schedules it."
          value={values.publish_at}
          onChange={(event) => set({ publish_at: event.currentTarget.value })}
          error={errors.published_at?.[0]}
        />
        <FormFooter submitting={mutation.isPending} onCancel={onDone} label={id ? 'Save' : 'Create'} />
      </Stack>
    </form>
  );
}
