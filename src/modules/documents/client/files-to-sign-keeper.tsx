// Keeps on this device what a person needs to sign with no signal (a frame banner that shows
// nothing): when something waits for them (the pending count, refreshed by the realtime event
// a new signing request publishes), the documents waiting for their signature are listed, each
// one's page data fetched into the persisted cache and its file kept (files-to-sign.ts).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiFetch } from '../../../client/api/api-client';
import { pendingCountQueryOptions } from '../../../client/api/pending-count.api';
import { readTokenClaims } from '../../../client/auth/token-claims';
import { getToken } from '../../../client/auth/token-store';
import { readSessionFlags } from '../../../client/auth/session-store';
import { useOnline } from '../../../client/offline/network';
import { readStoredPermissions } from '../../../client/shell/session-permissions';
import type { ListResponse } from '../../../shared/list';
import { DOCUMENT_ENDPOINT, DOCUMENT_RESOURCES, isPreviewableType, type DocumentSummary } from '../documents.contract';
import { documentQueryOptions } from './documents.api';
import { forgetFilesExcept, keepFileToSign, keepPdfReader, type KeptFile } from './files-to-sign';

const toSignQueryOptions = () => ({
  queryKey: [DOCUMENT_RESOURCES.document, 'to-sign-on-this-device'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiFetch<ListResponse<DocumentSummary>>(`/api/${DOCUMENT_RESOURCES.document}`, { signal, query: { status: 'to_do', limit: 50 } }),
  meta: { errorToast: false, sensitive: true },
});

export function FilesToSignKeeper() {
  const queryClient = useQueryClient();
  const online = useOnline();
  const userId = readTokenClaims(getToken())?.user_id ?? null;
  const mayRead = readSessionFlags().docsOnly || readStoredPermissions().some((entry) => entry.endpoint === DOCUMENT_ENDPOINT);
  const pending = useQuery({ ...pendingCountQueryOptions(), enabled: mayRead });
  const waiting = (pending.data?.document ?? 0) > 0;
  const list = useQuery({ ...toSignQueryOptions(), enabled: mayRead && waiting && online });

  useEffect(() => {
    if (!userId || !online || !pending.data) return;
    const files: KeptFile[] = (waiting ? (list.data?.results ?? []) : [])
      // HR-private documents never reach the device (their pages are not kept offline either).
      .filter((d) => d.my_status === 'to_sign' && d.audience !== 'hr_private' && isPreviewableType(d.version.mime_type))
      .map((document) => ({ documentId: document.id, versionId: document.version.id }));
    if (waiting && !list.data) return;
    void (async () => {
      if (files.length > 0) void keepPdfReader();
      for (const file of files) {
        const cached = queryClient.getQueryData(documentQueryOptions(file.documentId).queryKey);
        if (cached?.version.id !== file.versionId)
          await queryClient.prefetchQuery(documentQueryOptions(file.documentId)).catch(() => undefined);
        await keepFileToSign(userId, file).catch(() => undefined);
      }
      await forgetFilesExcept(userId, files).catch(() => undefined);
    })();
  }, [userId, online, waiting, pending.data, list.data, queryClient]);

  return null;
}
