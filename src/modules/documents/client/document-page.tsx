// One document (/document/{id}, where notifications lead): the file shown in the page (fetched
// with the bearer token), what the reader is asked to do (read, acknowledge, sign), the signing
// request and its signers, versions, downloads (the sealed copy once complete) and, for those
// who manage documents, sending to sign, voiding, new versions and the evidence trail.
import './documents-styles';
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconFileCertificate, IconPencil, IconSignature } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { readTokenClaims } from '../../../client/auth/token-claims';
import { getToken } from '../../../client/auth/token-store';
import { usePageTitle } from '../../../client/shell/page-title';
import { showDangerToast, showSuccessToast } from '../../../client/shell/toasts';
import { ConfirmDialog } from '../../../client/ui/confirm-dialog';
import { LoadError } from '../../../client/ui/load-error';
import {
  AREA_TITLES,
  AUDIENCE_LABELS,
  isPreviewableType,
  isSignableType,
  NOT_SIGNABLE_MESSAGE,
  type DocumentDetail,
} from '../documents.contract';
import {
  archiveDocument,
  documentAction,
  documentKeys,
  documentQueryOptions,
  invalidateDocuments,
  problemOf,
  sha256Hex,
  uploadDocument,
} from './documents.api';
import { downloadChoices, downloadName, formatSize, formatWhen, SIGN_STATUS, statusBadges } from './document-labels';
import { EditDetailsModal } from './edit-details-modal';
import { fileForPage } from './files-to-sign';
import { PdfView } from './pdf-view';
import { SendToSignModal } from './send-to-sign-modal';
import { SignPanel } from './sign-panel';
import { TrailSection } from './trail-section';
import { saveFile } from '../../../client/api/downloads';
import { ProblemAlert } from '../../../client/ui/problem-alert';

function BlobImage({ blob, alt, onDownload }: { blob: Blob; alt: string; onDownload: () => void }) {
  const url = useMemo(() => URL.createObjectURL(blob), [blob]);
  const [broken, setBroken] = useState(false);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  if (broken) return <CannotShow onDownload={onDownload} message="This image can't be shown here — download it to open it." />;
  return <img src={url} alt={alt} style={{ maxWidth: '100%', borderRadius: 4 }} onError={() => setBroken(true)} />;
}

/** Word and Excel files (and anything the browser cannot draw) are opened by downloading them: no converter runs here. */
function CannotShow({ onDownload, message, detail }: { onDownload: () => void; message: string; detail?: string }) {
  return (
    <Stack gap="sm" align="flex-start" p="xs" data-testid="no-preview">
      <div>
        <Text size="sm">{message}</Text>
        {detail && (
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {detail}
          </Text>
        )}
      </div>
      <Button variant="light" leftSection={<IconDownload size={16} />} onClick={onDownload}>
        Download to open
      </Button>
    </Stack>
  );
}

function FilePreview({
  document,
  onShown,
  onDownload,
}: {
  document: DocumentDetail;
  onShown: (sha256: string) => void;
  onDownload: () => void;
}) {
  const previewable = isPreviewableType(document.version.mime_type);
  const file = useQuery({
    queryKey: ['document', 'file', document.id, document.version.id],
    // With no signal, the copy kept for signing (files-to-sign.ts).
    queryFn: () => fileForPage(readTokenClaims(getToken())?.user_id ?? null, { documentId: document.id, versionId: document.version.id }),
    networkMode: 'always',
    // A file the page cannot draw is not fetched until it is downloaded.
    enabled: previewable,
    staleTime: Infinity,
    gcTime: 5 * 60 * 1000,
    retry: false,
    meta: { sensitive: true, errorToast: false },
  });
  useEffect(() => {
    if (file.data) void sha256Hex(file.data).then(onShown);
  }, [file.data, onShown]);

  if (!previewable)
    return (
      <CannotShow
        onDownload={onDownload}
        message="This file type can't be shown here — download it to open it."
        detail={`${document.version.file_name} · ${formatSize(document.version.size_bytes)}`}
      />
    );
  if (file.isPending) return <Loader size="sm" aria-label="Loading the document" />;
  if (file.isError)
    return (
      <Alert color="yellow" role="alert">
        The document could not be loaded{navigator.onLine ? '' : ' with no connection'}.
      </Alert>
    );
  if (document.version.mime_type === 'application/pdf') return <PdfView blob={file.data} label={document.title} />;
  return <BlobImage blob={file.data} alt={document.title} onDownload={onDownload} />;
}

export function DocumentPage({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const query = useQuery(documentQueryOptions(id));
  const document = query.data;
  usePageTitle(document?.title ?? 'Document');
  const [seen, setSeen] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [editing, setEditing] = useState(false);
  const [voiding, setVoiding] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  if (query.isPending) return <Loader aria-label="Loading" />;
  if (query.isError || !document)
    return (
      <LoadError
        what="document"
        error={query.error}
        onRetry={() => void query.refetch()}
        notFound="This document does not exist, or was removed."
        forbidden
      />
    );

  const request = document.sign_request;
  const badges = statusBadges(document);
  const run = async (work: () => Promise<DocumentDetail | void>, done?: string) => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await work();
      if (answer) queryClient.setQueryData(documentKeys.detail(id), answer);
      await invalidateDocuments(queryClient);
      if (done) showSuccessToast({ message: done });
      return true;
    } catch (error) {
      setProblem(problemOf(error));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const download = (path: string, name: string) =>
    void saveFile(path, name).catch((error: unknown) => showDangerToast({ message: problemOf(error) }));
  const downloadCurrent = () => download(`/api/document/${id}/file`, downloadName(document.title, document.version.file_name));
  const newVersion = (file: File) =>
    void run(
      () => uploadDocument({ url: `/api/document/${id}/version`, file, fields: {}, onProgress: () => undefined }),
      'The new version was uploaded.',
    );

  return (
    <Stack gap="md">
      <Anchor size="sm" onClick={() => void navigate({ to: document.area === 'hr' ? '/hr-documents' : '/hs-documents' })}>
        ← {AREA_TITLES[document.area]}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={1} style={{ wordBreak: 'break-word' }}>
            {document.title}
          </Title>
          <Group gap={6}>
            {badges.mine && <Badge color={badges.mine.color}>{badges.mine.label}</Badge>}
            {request && (
              <Badge color={SIGN_STATUS[request.status].color} variant="outline">
                {SIGN_STATUS[request.status].label}
              </Badge>
            )}
            {badges.asks && (
              <Badge variant="light" color="gray">
                Asks: <span>{badges.asks}</span>
              </Badge>
            )}
            {document.tags.map((tag) => (
              <Badge key={tag.id} variant="dot" color="indigo">
                {tag.name}
              </Badge>
            ))}
          </Group>
          <Text size="sm" c="dimmed">
            {document.subject ? `About ${document.subject.name} · ` : ''}
            {document.can_manage ? `${AUDIENCE_LABELS[document.audience]} · ` : ''}
            Version {document.version.number}, {formatWhen(document.version.created_at)}
          </Text>
          {document.description && <Text size="sm">{document.description}</Text>}
        </Stack>
        <Group gap="xs">
          {downloadChoices(request?.status).map((choice) =>
            choice.key === 'signed' ? (
              <Button
                key={choice.key}
                aria-label={choice.name}
                leftSection={<IconFileCertificate size={16} aria-hidden="true" />}
                onClick={() => download(`/api/document/${id}/signed-file`, `${downloadName(document.title, '')} (signed).pdf`)}
              >
                {choice.label}
              </Button>
            ) : (
              <Button
                key={choice.key}
                aria-label={choice.name}
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden="true" />}
                onClick={downloadCurrent}
              >
                {choice.label}
              </Button>
            ),
          )}
        </Group>
      </Group>
      <ProblemAlert problem={problem} />
      {document.my_status === 'to_acknowledge' && (
        <Alert color="orange" title="Please read and acknowledge">
          <Group justify="space-between">
            <Text size="sm">Confirm you have read and understood this document.</Text>
            <Button size="xs" loading={busy} onClick={() => void run(() => documentAction(id, 'acknowledge'), 'Thank you: acknowledged.')}>
              I have read and understood it
            </Button>
          </Group>
        </Alert>
      )}
      <Paper withBorder radius="lg" p="sm">
        <FilePreview document={document} onShown={setSeen} onDownload={downloadCurrent} />
      </Paper>
      {document.can_sign && <SignPanel document={document} seenSha256={seen} />}
      {request && (
        <Paper withBorder radius="lg" p="md">
          <Stack gap="xs">
            <Title order={2} size="h4">
              Signatures
            </Title>
            <Text size="sm" c="dimmed">
              {request.ordering === 'sequential' ? 'Signed one after another' : 'Signed in any order'}
              {request.due_date ? ` · due ${request.due_date.split('-').reverse().join('/')}` : ''}
              {request.void_reason ? ` · voided: ${request.void_reason}` : ''}
            </Text>
            {request.signers.map((signer) => (
              <Group key={signer.id} justify="space-between">
                <Text size="sm">
                  {signer.position}. {signer.name}
                  {signer.decline_reason ? ` — “${signer.decline_reason}”` : ''}
                </Text>
                <Badge
                  variant="light"
                  color={
                    signer.status === 'signed'
                      ? 'green'
                      : signer.status === 'declined'
                        ? 'red'
                        : signer.status === 'pending'
                          ? 'yellow'
                          : 'gray'
                  }
                >
                  {signer.status === 'signed' && signer.signed_at ? `Signed ${formatWhen(signer.signed_at)}` : signer.status}
                </Badge>
              </Group>
            ))}
          </Stack>
        </Paper>
      )}
      {document.can_manage && (
        <Group gap="xs">
          <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
            Edit details
          </Button>
          {request?.status !== 'pending' && isSignableType(document.version.mime_type) && (
            <Button leftSection={<IconSignature size={16} />} onClick={() => setSending(true)}>
              Send to sign
            </Button>
          )}
          {request?.status === 'pending' && (
            <Button color="red" variant="light" onClick={() => setVoiding(true)}>
              Void signing request
            </Button>
          )}
          <Button component="label" variant="default">
            Upload a new version
            <input
              type="file"
              hidden
              accept=".pdf,.docx,.xlsx,image/*"
              onChange={(event) => event.currentTarget.files?.[0] && newVersion(event.currentTarget.files[0])}
            />
          </Button>
          <Button variant="subtle" color="red" onClick={() => setRemoving(true)}>
            Remove
          </Button>
        </Group>
      )}
      {document.can_manage && !isSignableType(document.version.mime_type) && request?.status !== 'pending' && (
        <Text size="sm" c="dimmed">
          {NOT_SIGNABLE_MESSAGE} You can add it here as a new version.
        </Text>
      )}
      {document.versions.length > 1 && (
        <Paper withBorder radius="lg" p="md">
          <Title order={2} size="h4" mb="xs">
            Versions
          </Title>
          <Table fz="sm">
            <Table.Tbody>
              {document.versions.map((version) => (
                <Table.Tr key={version.id}>
                  <Table.Td>Version {version.number}</Table.Td>
                  <Table.Td>{formatWhen(version.created_at)}</Table.Td>
                  <Table.Td>{version.created_by_name ?? ''}</Table.Td>
                  <Table.Td>
                    <Anchor
                      size="sm"
                      onClick={() =>
                        download(
                          `/api/document/${id}/file?version=${version.id}`,
                          downloadName(`${document.title} v${version.number}`, version.file_name),
                        )
                      }
                    >
                      Download
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {(document.can_manage || request?.signers.some((s) => s.status !== 'waiting')) && request && <TrailSection documentId={id} />}
      {document.can_manage && <EditDetailsModal document={document} opened={editing} onClose={() => setEditing(false)} />}
      {document.can_manage && (
        <SendToSignModal key={String(sending)} document={document} opened={sending} onClose={() => setSending(false)} />
      )}
      <ConfirmDialog
        opened={voiding}
        title="Void the signing request"
        message="The signers will no longer be able to sign this document. Signatures already given stay in the evidence trail."
        confirmLabel="Void"
        busy={busy}
        problem={problem}
        onConfirm={() =>
          void run(() => documentAction(id, 'void', { reason: 'Voided by the sender.' }), 'The signing request was voided.').then(
            (ok) => ok && setVoiding(false),
          )
        }
        onClose={() => setVoiding(false)}
      />
      <ConfirmDialog
        opened={removing}
        title="Remove the document"
        message="It will no longer be listed for anyone. Its versions and evidence trail are kept."
        confirmLabel="Remove"
        busy={busy}
        problem={problem}
        onConfirm={() =>
          void run(() => archiveDocument(id), 'The document was removed.').then(
            (ok) => ok && void navigate({ to: document.area === 'hr' ? '/hr-documents' : '/hs-documents' }),
          )
        }
        onClose={() => setRemoving(false)}
      />
    </Stack>
  );
}
