// A receipt beside its item's figures: a photo shown small (fetched with the bearer token, so
// never a public address), a PDF as a button that downloads it.
import '@mantine/core/styles/Image.css';
import { Anchor, Group, Image, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { showDangerToast } from '../../../client/shell/toasts';
import type { ExpenseReceipt } from '../expenses.contract';
import { receiptObjectUrl } from './expenses.api';
import { saveFile } from '../../../client/api/downloads';

const download = (receipt: ExpenseReceipt) =>
  saveFile(receipt.download_path, receipt.name).catch(() => showDangerToast({ message: 'The receipt could not be downloaded.' }));

function Photo({ receipt }: { receipt: ExpenseReceipt }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let made: string | null = null;
    receiptObjectUrl(receipt.download_path, controller.signal)
      .then((objectUrl) => {
        made = objectUrl;
        setUrl(objectUrl);
      })
      .catch(() => setFailed(true));
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [receipt.download_path]);
  if (failed || (!url && typeof window === 'undefined')) return <Text size="xs">{receipt.name}</Text>;
  return (
    <UnstyledButton onClick={() => void download(receipt)} aria-label={`Download ${receipt.name}`}>
      {url ? (
        <Image
          src={url}
          alt={`Receipt ${receipt.name}`}
          w={96}
          h={128}
          fit="cover"
          radius="sm"
          style={{ border: '1px solid var(--mantine-color-gray-3)' }}
        />
      ) : (
        <div style={{ width: 96, height: 128, background: 'var(--mantine-color-gray-1)', borderRadius: 4 }} aria-busy="true" />
      )}
    </UnstyledButton>
  );
}

export function ReceiptPreviews({ receipts }: { receipts: ExpenseReceipt[] }) {
  if (receipts.length === 0) return null;
  return (
    <Group gap="xs" align="flex-start" aria-label="Receipts">
      {receipts.map((receipt) =>
        receipt.mime_type.startsWith('image/') && !receipt.mime_type.includes('hei') ? (
          <Photo key={receipt.id} receipt={receipt} />
        ) : (
          <Stack key={receipt.id} gap={2} w={96} align="center">
            <IconFileTypePdf size={40} aria-hidden="true" />
            <Anchor component="button" type="button" size="xs" onClick={() => void download(receipt)} style={{ overflowWrap: 'anywhere' }}>
              {receipt.name}
            </Anchor>
          </Stack>
        ),
      )}
    </Group>
  );
}
