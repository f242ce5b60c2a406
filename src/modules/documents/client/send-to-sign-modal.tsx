// Sending a document to sign: one or more signers, in order or all at once, a message and a
// due date; each is told (bell, e-mail, realtime) and reminded daily until they act.
import './documents-styles';
import { Alert, Button, Group, Modal, MultiSelect, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isIsoDate } from '../../../shared/dates';
import type { DocumentDetail } from '../documents.contract';
import { documentAction, documentKeys, invalidateDocuments, peopleQueryOptions, problemOf } from './documents.api';

/** dd/mm/yyyy as typed, to yyyy-MM-dd (or null when it is not a date). */
function isoFromBritish(value: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const iso = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

export function SendToSignModal({ document, opened, onClose }: { document: DocumentDetail; opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const people = useQuery({ ...peopleQueryOptions(), enabled: opened });
  const [signers, setSigners] = useState<string[]>(document.subject ? [document.subject.id] : []);
  const [ordering, setOrdering] = useState<'sequential' | 'parallel'>('sequential');
  const [message, setMessage] = useState('');
  const [due, setDue] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const dueIso = due.trim() === '' ? null : isoFromBritish(due);

  const send = async () => {
    if (due.trim() !== '' && !dueIso) return setProblem('Please give the due date as dd/mm/yyyy.');
    setBusy(true);
    setProblem(null);
    try {
      const answer = await documentAction(document.id, 'sign-request', { signer_ids: signers, ordering, message, due_date: dueIso });
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
      <Stack gap="sm">
        <MultiSelect
          label="Signers"
          description="In the order they sign, when they sign in order."
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
        <TextInput
          label="Due date"
          placeholder="dd/mm/yyyy"
          value={due}
          onChange={(event) => setDue(event.currentTarget.value)}
          error={due.trim() !== '' && !dueIso ? 'Please give a date as dd/mm/yyyy.' : undefined}
        />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void send()} loading={busy} disabled={signers.length === 0}>
            Send
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
