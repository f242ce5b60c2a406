// Sending a document to sign: one or more signers, in order or all at once, a message and a
// due date; each is told (bell, e-mail, realtime) and reminded daily until they act. A document
// made from a template starts with whom its wording says signs it: someone for the company (its
// maker, whom the sender may change) and the person it is about.
import './documents-styles';
import { Modal, MultiSelect, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { DateField } from '../../../client/ui/date-field';
import { FormFooter } from '../../../client/ui/form-footer';
import type { DocumentDetail } from '../documents.contract';
import { documentAction, documentKeys, invalidateDocuments, peopleQueryOptions, problemOf } from './documents.api';

export function SendToSignModal({ document, opened, onClose }: { document: DocumentDetail; opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const people = useQuery({ ...peopleQueryOptions(), enabled: opened });
  const proposed = document.signing_order.flatMap((entry) => (entry.user_id ? [entry.user_id] : []));
  const [signers, setSigners] = useState<string[]>(
    proposed.length > 0 ? [...new Set(proposed)] : document.subject ? [document.subject.id] : [],
  );
  const signsForCompany = document.signing_order.some((entry) => entry.party === 'company');
  const [ordering, setOrdering] = useState<'sequential' | 'parallel'>('sequential');
  const [message, setMessage] = useState('');
  const [due, setDue] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const send = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const answer = await documentAction(document.id, 'sign-request', { signer_ids: signers, ordering, message, due_date: due || null });
      queryClient.setQueryData(documentKeys.detail(document.id), answer);
      await invalidateDocuments(queryClient);
      onClose();
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Send to sign" size="lg">
      <form onSubmit={(event) => void send(event)} noValidate aria-label="Send to sign">
        <Stack gap="sm">
          <MultiSelect
            label="Signers"
            description={
              signsForCompany
                ? 'Whom its wording says signs, in the order they sign: choose someone else to sign for the company if need be.'
                : 'In the order they sign, when they sign in order.'
            }
            searchable
            data={(people.data?.results ?? []).map((p) => ({ value: p.id, label: `${p.first_name} ${p.surname}` }))}
            value={signers}
            onChange={setSigners}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Signing order
            </Text>
            <SegmentedControl
              value={ordering}
              onChange={(value) => setOrdering(value as 'sequential' | 'parallel')}
              data={[
                { value: 'sequential', label: 'One after another' },
                { value: 'parallel', label: 'All at once' },
              ]}
            />
          </Stack>
          <Textarea
            label="Message"
            autosize
            minRows={2}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
            maxLength={1000}
          />
          <DateField label="Due date" value={due} onChange={setDue} />
          <FormFooter submitting={busy} onCancel={onClose} label="Send" problem={problem} disabled={signers.length === 0} />
        </Stack>
      </form>
    </Modal>
  );
}
