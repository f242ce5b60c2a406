// Words and colours the documents screens share.
import { formatLondon } from '../../../shared/dates';
import { ACTION_LABELS, type DocumentAction, type MyDocumentStatus, type SignRequestStatus } from '../documents.contract';

export const MY_STATUS: Record<NonNullable<MyDocumentStatus>, { label: string; color: string }> = {
  to_read: { label: 'To read', color: 'blue' },
  read: { label: 'Read', color: 'gray' },
  to_acknowledge: { label: 'To acknowledge', color: 'orange' },
  acknowledged: { label: 'Acknowledged', color: 'green' },
  to_sign: { label: 'To sign', color: 'red' },
  signed: { label: 'Signed', color: 'green' },
  waiting_for_others: { label: 'Waiting for others', color: 'yellow' },
};

/**
 * The document page's first badges: the caller's own status ("To read"), and what the document
 * asks of its readers ("Asks: Read") for those who manage it or are asked nothing themselves —
 * said so, never a bare "Read" beside "To read", which read as done and not done at once.
 */
export function statusBadges(document: { my_status: MyDocumentStatus; action: DocumentAction; can_manage: boolean }): {
  mine: { label: string; color: string } | null;
  asks: string | null;
} {
  return {
    mine: document.my_status ? MY_STATUS[document.my_status] : null,
    asks: document.can_manage || !document.my_status ? ACTION_LABELS[document.action] : null,
  };
}

export type DownloadChoice = { key: 'signed' | 'original' | 'current'; label: string; name: string };

/**
 * The download buttons of a document: once everyone has signed, the signed copy first and the
 * unsigned original said to be so; before, the one file there is.
 */
export function downloadChoices(signStatus: SignRequestStatus | null | undefined): DownloadChoice[] {
  if (signStatus !== 'completed') return [{ key: 'current', label: 'Download', name: 'Download' }];
  return [
    { key: 'signed', label: 'Signed copy', name: 'Download signed copy' },
    { key: 'original', label: 'Original (unsigned)', name: 'Download the original (unsigned)' },
  ];
}

export const SIGN_STATUS: Record<SignRequestStatus, { label: string; color: string }> = {
  pending: { label: 'Out for signature', color: 'yellow' },
  completed: { label: 'Signed by all', color: 'green' },
  declined: { label: 'Declined', color: 'red' },
  voided: { label: 'Voided', color: 'gray' },
};

export const formatSize = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(0)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export const formatWhen = (iso: string) => formatLondon(iso, 'dd/MM/yyyy HH:mm');
export const formatDay = (iso: string) => formatLondon(iso, 'dd/MM/yyyy');

/** The file name a document downloads as: its title with the version's extension. */
export function downloadName(title: string, fileName: string): string {
  const extension = /\.[A-Za-z0-9]{1,5}$/.exec(fileName)?.[0] ?? '';
  const base = title.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'document';
  return base.toLowerCase().endsWith(extension.toLowerCase()) ? base : `${base}${extension}`;
}
