// The files a person is asked to sign, kept on this device (Cache Storage, under their user id)
// once the request reaches it — at the start of a session and whenever the documents change —
// so the document's page opens with no signal and can be signed there. A kept copy is fetched
// with ?ahead=1 (not yet read, so not the trail's "viewed"); the page shows it only when the API
// cannot be reached, and says so in the signature (the trail's "viewed" from the kept copy).
// Signed, withdrawn or replaced files are dropped, and a session's end erases the user's copies.
import { isOffline } from '../../../client/offline/network';
import { registerSessionDataEraser } from '../../../client/offline/session-data';
import { fetchBlob } from './documents.api';

const CACHE = 'stafflane-files-to-sign';
const prefixOf = (userId: string) => `/kept-to-sign/${userId}/`;
const keyOf = (userId: string, file: KeptFile) => `${prefixOf(userId)}${file.documentId}/${file.versionId}`;

export type KeptFile = { documentId: string; versionId: string };

const available = () => typeof caches !== 'undefined';

/** Keeps the file of a document the user is asked to sign, unless it is kept already. */
export async function keepFileToSign(userId: string, file: KeptFile): Promise<void> {
  if (!available()) return;
  const cache = await caches.open(CACHE);
  const key = keyOf(userId, file);
  if (await cache.match(key)) return;
  const blob = await fetchBlob(`/api/document/${file.documentId}/file?version=${file.versionId}&ahead=1`);
  await cache.put(key, new Response(blob, { headers: { 'content-type': blob.type || 'application/pdf' } }));
}

/**
 * pdf.js's worker, fetched once through the service worker, which keeps it (sw/lazy-chunks.ts)
 * so a kept PDF is drawn offline; a page not yet controlled by the worker waits until it is.
 */
let readerKept: Promise<void> | null = null;
export function keepPdfReader(): Promise<void> {
  readerKept ??= (async () => {
    const worker = navigator.serviceWorker;
    if (!worker) return;
    if (!worker.controller) await new Promise((resolve) => worker.addEventListener('controllerchange', resolve, { once: true }));
    const { default: url } = await import('pdfjs-dist/build/pdf.worker.min.mjs?url');
    await fetch(url);
  })().catch(() => {
    readerKept = null;
  });
  return readerKept;
}

/** Drops the user's kept files that no longer wait for their signature. */
export async function forgetFilesExcept(userId: string, keep: readonly KeptFile[]): Promise<void> {
  if (!available()) return;
  const cache = await caches.open(CACHE);
  const wanted = new Set(keep.map((file) => keyOf(userId, file)));
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (path.startsWith(prefixOf(userId)) && !wanted.has(path)) await cache.delete(request);
  }
}

/** Versions this page showed from the kept copy ("documentId/versionId"): the signature says so. */
const shownFromKeptCopy = new Set<string>();

export const wasShownFromKeptCopy = (file: KeptFile) => shownFromKeptCopy.has(`${file.documentId}/${file.versionId}`);

/**
 * The file the page shows: the API's (the trail's "viewed"), or — when the API cannot be reached
 * — the copy kept for signing, if there is one; otherwise the API's failure.
 */
export async function fileForPage(userId: string | null, file: KeptFile): Promise<Blob> {
  try {
    return await fetchBlob(`/api/document/${file.documentId}/file`);
  } catch (error) {
    if (!userId || !available() || (!(error instanceof TypeError) && !isOffline())) throw error;
    const kept = await (await caches.open(CACHE)).match(keyOf(userId, file));
    if (!kept) throw error;
    shownFromKeptCopy.add(`${file.documentId}/${file.versionId}`);
    return kept.blob();
  }
}

registerSessionDataEraser(async (userId) => {
  if (available()) await forgetFilesExcept(userId, []);
});
