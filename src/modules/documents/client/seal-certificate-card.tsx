// The certificate that seals completed documents: which one is in use (the company's own, or one
// generated for it), its validity, and replacing it with the company's own PKCS#12 file and
// passphrase, or going back to a generated one.
import { Badge, Button, FileInput, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invalidateResources } from '../../../client/api/invalidate-resources';
import { apiFetch } from '../../../client/api/api-client';
import { showSuccessToast } from '../../../client/shell/toasts';
import { ConfirmDialog } from '../../../client/ui/confirm-dialog';
import { DATE_FORMATS, formatLondon } from '../../../shared/dates';
import { DOCUMENT_RESOURCES, DOCUMENTS_INVALIDATES, type SealCertificateInfo } from '../documents.contract';
import { problemOf, sealCertificateQueryOptions, uploadDocument } from './documents.api';
import { ProblemAlert } from '../../../client/ui/problem-alert';

export function SealCertificateCard() {
  const queryClient = useQueryClient();
  const current = useQuery(sealCertificateQueryOptions());
  const [file, setFile] = useState<File | null>(null);
  const [passphrase, setPassphrase] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resetting, setResetting] = useState(false);
  const refresh = () => invalidateResources(queryClient, DOCUMENTS_INVALIDATES.seal);

  const upload = async () => {
    if (!file) return setProblem('Please choose the certificate file (.p12 or .pfx).');
    setBusy(true);
    setProblem(null);
    try {
      await uploadDocument<SealCertificateInfo>({
        url: `/api/${DOCUMENT_RESOURCES.seal}`,
        method: 'PUT',
        file,
        fields: { passphrase },
        onProgress: () => undefined,
      });
      setFile(null);
      setPassphrase('');
      await refresh();
      showSuccessToast({ message: 'Completed documents will be sealed with your certificate.' });
    } catch (error) {
      setProblem((error as { errors?: Record<string, string[]> }).errors?.file?.[0] ?? problemOf(error));
    } finally {
      setBusy(false);
    }
  };

  const info = current.data;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Seal certificate
        </Title>
        <Text size="sm" c="dimmed">
          Every completed document is sealed with a PDF digital signature, so any later change to it shows. A certificate is generated for
          your company unless you give your own.
        </Text>
        {info ? (
          <Stack gap={2}>
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {info.subject}
              </Text>
              <Badge variant="light" color={info.generated ? 'gray' : 'teal'}>
                {info.generated ? 'Generated' : 'Your own'}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              Issued by {info.issuer}; valid {formatLondon(info.valid_from, DATE_FORMATS.date)} to{' '}
              {formatLondon(info.valid_to, DATE_FORMATS.date)}
            </Text>
          </Stack>
        ) : (
          current.isSuccess && <Text size="sm">One will be generated when the first document is completed.</Text>
        )}
        <Group align="flex-end" gap="sm">
          <FileInput
            label="Your certificate (.p12 or .pfx)"
            accept=".p12,.pfx,application/x-pkcs12"
            value={file}
            onChange={setFile}
            clearable
            w={260}
          />
          <PasswordInput label="Its passphrase" value={passphrase} onChange={(event) => setPassphrase(event.currentTarget.value)} w={220} />
          <Button onClick={() => void upload()} loading={busy} disabled={!file}>
            Use this certificate
          </Button>
          {info && !info.generated && (
            <Button variant="subtle" color="red" onClick={() => setResetting(true)}>
              Go back to a generated one
            </Button>
          )}
        </Group>
        <ProblemAlert problem={problem} />
      </Stack>
      <ConfirmDialog
        opened={resetting}
        title="Go back to a generated certificate?"
        message="Documents completed from now on are sealed with a certificate generated for your company. Documents already sealed keep their seal."
        confirmLabel="Use a generated certificate"
        color="red"
        busy={busy}
        onClose={() => setResetting(false)}
        onConfirm={() => {
          setBusy(true);
          void apiFetch(`/api/${DOCUMENT_RESOURCES.seal}`, { method: 'DELETE' })
            .then(refresh)
            .then(() => setResetting(false))
            .catch((error: unknown) => setProblem(problemOf(error)))
            .finally(() => setBusy(false));
        }}
      />
    </Paper>
  );
}
