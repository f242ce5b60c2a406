// The to-dos the documents module sends, each with what ends it (declared in documents.module.ts).
import type { TodoDeclaration } from '../../../server/notifications/todo-kinds';

/** A signer whose turn it is (and the daily reminder). */
export const DOCUMENT_SIGN = {
  kind: 'document.sign',
  endedBy:
    'the signer signs (theirs only); every signer’s when one declines, the request is voided, a new version is uploaded or the document is removed',
  endsFor: 'recipient',
} as const satisfies TodoDeclaration;

/** Whoever sent a document to sign, told a signer declined. */
export const DOCUMENT_SIGNING_DECLINED = {
  kind: 'document.signing-declined',
  endedBy: 'the document is sent to sign again, or removed',
  endsFor: 'everyone',
} as const satisfies TodoDeclaration;

export const documentsTodos: readonly TodoDeclaration[] = [DOCUMENT_SIGN, DOCUMENT_SIGNING_DECLINED];
