// Signing: the signer has the whole document in front of them, agrees to sign electronically
// (the consent line), then draws or types a signature; or declines with a reason. Made with no
// signal, the signature waits in the outbox with the hash of the version they saw and the
// device's time, and is sent once ("Waiting to sync" here until then); if the document changed
// meanwhile, the outbox item needs attention, its Correct opens this page on the current version
// with the server's words, and signing that discards the refused one.
import './documents-styles';
import { Alert, Button, Checkbox, Group, Modal, Paper, SegmentedControl, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { newIdempotencyKey } from '../../../client/api/api-client';
import { showSuccessToast } from '../../../client/shell/toasts';
import { isQueuedResponse } from '../../../shared/sw-messages';
import { discardOutboxItem } from '../../../client/offline/outbox-bridge';
import { useOutboxItems } from '../../../client/offline/outbox-items';
import { CONSENT_LINE, DOCUMENT_RESOURCES, type DocumentDetail } from '../documents.contract';
import { documentAction, documentKeys, documentPath, invalidateDocuments, problemOf, signDocument } from './documents.api';
import { wasShownFromKeptCopy } from './files-to-sign';
import { SignaturePad } from './signature-pad';
import { ProblemAlert } from '../../../client/ui/problem-alert';

export function SignPanel({ document, seenSha256 }: { document: DocumentDetail; seenSha256: string | null }) {
  const queryClient = useQueryClient();
  const [consent, setConsent] = useState(false);
  const [kind, setKind] = useState<'drawn' | 'typed'>('drawn');
  const [image, setImage] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [queued, setQueued] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  // One key for this signature, whatever happens to it (sent now, queued, replayed).
  const [key] = useState(newIdempotencyKey);
  // This document's signatures in the outbox: one waiting to be sent, or one the server refused.
  const mine = useOutboxItems(DOCUMENT_RESOURCES.document).filter((item) => item.form === documentPath(document.id));
  const refused = mine.filter((item) => item.state === 'needs_attention');

  if (queued || mine.some((item) => item.state === 'waiting' || item.state === 'sending'))
    return (
      <Alert color="blue" title="Waiting to sync" role="status">
        Your signature is saved on this device and will be sent as soon as you are back online. You can follow it in the outbox.
      </Alert>
    );

  const ready = consent && seenSha256 !== null && (kind === 'drawn' ? image !== null : typed.trim() !== '');
  const sign = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await signDocument({
        id: document.id,
        title: document.title,
        key,
        body: {
          consent: true,
          kind,
          seen_sha256: seenSha256,
          ...(kind === 'drawn' ? { image } : { typed_name: typed.trim() }),
          signed_at: new Date().toISOString(),
          ...(wasShownFromKeptCopy({ documentId: document.id, versionId: document.version.id }) ? { shown_offline: true } : {}),
        },
      });
      // The signature refused before (an older version's) is replaced by this one.
      for (const item of refused) discardOutboxItem(item.id);
      if (isQueuedResponse(answer)) {
        setQueued(true);
        return;
      }
      queryClient.setQueryData(documentKeys.detail(document.id), answer);
      await invalidateDocuments(queryClient);
      showSuccessToast({
        message: answer.sign_request?.status === 'completed' ? 'Signed. The document is complete.' : 'Signed. Thank you.',
      });
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  };
  const decline = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await documentAction(document.id, 'decline', { reason });
      queryClient.setQueryData(documentKeys.detail(document.id), answer);
      await invalidateDocuments(queryClient);
      setDeclining(false);
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="lg" p="md" data-testid="sign-panel">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Your signature
        </Title>
        {document.sign_request?.message && <Text size="sm">“{document.sign_request.message}”</Text>}
        {refused[0]?.error && (
          <Alert color="orange" title="Your earlier signature was not added" role="alert">
            {refused[0].error.message}
          </Alert>
        )}
        <Checkbox label={CONSENT_LINE} checked={consent} onChange={(event) => setConsent(event.currentTarget.checked)} />
        <SegmentedControl
          value={kind}
          onChange={(value) => setKind(value as 'drawn' | 'typed')}
          data={[
            { value: 'drawn', label: 'Draw' },
            { value: 'typed', label: 'Type' },
          ]}
        />
        {kind === 'drawn' ? (
          <SignaturePad onChange={setImage} />
        ) : (
          <TextInput
            label="Type your full name"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            styles={{ input: { fontStyle: 'italic', fontSize: 22 } }}
          />
        )}
        {seenSha256 === null && (
          <Text size="xs" c="dimmed">
            The document is loading: read it in full before signing.
          </Text>
        )}
        <ProblemAlert problem={problem} />
        <Group justify="space-between">
          <Button variant="subtle" color="red" onClick={() => setDeclining(true)}>
            Decline
          </Button>
          <Button onClick={() => void sign()} disabled={!ready} loading={busy}>
            Sign
          </Button>
        </Group>
      </Stack>
      <Modal opened={declining} onClose={() => setDeclining(false)} title="Decline to sign" centered>
        <Stack gap="sm">
          <Textarea
            label="Reason"
            description="The person who sent it will see this."
            required
            minRows={3}
            autosize
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <ProblemAlert problem={problem} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeclining(false)}>
              Cancel
            </Button>
            <Button color="red" loading={busy} disabled={reason.trim() === ''} onClick={() => void decline()}>
              Decline
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
