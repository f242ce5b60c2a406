// A PDF shown in the page: every page drawn on a canvas by pdf.js (loaded when first needed),
// from a Blob fetched with the bearer token — no public address, and it works on phones and in
// headless browsers where an embedded PDF viewer does not.
import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

const MAX_PAGES = 40;

async function loadPdfJs() {
  const pdfjs = await import('pdfjs-dist');
  const worker = await import('pdfjs-dist/build/pdf.worker.min.mjs?url');
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

export function PdfView({ blob, label }: { blob: Blob; label: string }) {
  const holder = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'failed'; pages: number }>({ status: 'loading', pages: 0 });

  useEffect(() => {
    let cancelled = false;
    const target = holder.current;
    if (!target) return;
    target.replaceChildren();
    setState({ status: 'loading', pages: 0 });
    void (async () => {
      try {
        const pdfjs = await loadPdfJs();
        const document = await pdfjs.getDocument({ data: new Uint8Array(await blob.arrayBuffer()), isEvalSupported: false }).promise;
        const count = Math.min(document.numPages, MAX_PAGES);
        for (let number = 1; number <= count && !cancelled; number += 1) {
          const page = await document.getPage(number);
          const width = Math.max(280, Math.min(target.clientWidth || 800, 900));
          const base = page.getViewport({ scale: 1 });
          const ratio = window.devicePixelRatio || 1;
          const viewport = page.getViewport({ scale: (width / base.width) * ratio });
          const canvas = window.document.createElement('canvas');
          canvas.width = viewport.width;
          canvas.height = viewport.height;
          canvas.style.width = '100%';
          canvas.style.border = '1px solid var(--mantine-color-gray-3)';
          canvas.style.borderRadius = '4px';
          canvas.setAttribute('role', 'img');
          canvas.setAttribute('aria-label', `${label}, page ${number} of ${document.numPages}`);
          canvas.dataset.testid = 'pdf-page';
          target.append(canvas);
          await page.render({ canvasContext: canvas.getContext('2d')!, viewport }).promise;
        }
        if (!cancelled) setState({ status: 'ready', pages: document.numPages });
        void document.destroy();
      } catch {
        if (!cancelled) setState({ status: 'failed', pages: 0 });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [blob, label]);

  return (
    <Stack gap="xs">
      {state.status === 'loading' && <Loader size="sm" aria-label="Loading the preview" />}
      {state.status === 'failed' && (
        <Alert color="yellow" role="alert">
          This PDF could not be shown here. Download it to read it.
        </Alert>
      )}
      {state.pages > MAX_PAGES && (
        <Text size="xs" c="dimmed">
          The first {MAX_PAGES} of {state.pages} pages are shown; download the file to read the rest.
        </Text>
      )}
      <Stack gap="sm" ref={holder} data-testid="pdf-view" />
    </Stack>
  );
}
