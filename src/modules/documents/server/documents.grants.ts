// What each role may do with documents. Owners and HR admins manage both areas company-wide
// (upload, versions, tags, folders, templates, signing requests) and read every document,
// private-to-HR ones included; managers and employees read what is shared with them, sign
// and acknowledge; docs-only users read theirs. These are the entries auth's coming endpoints
// gave every role before this module landed, so no migration grants anything new.
import { grant, type RoleGrants } from '../../../server/roles';
import { DOCUMENT_ENDPOINT } from '../documents.contract';

export const documentsGrants: RoleGrants = {
  Owner: grant(DOCUMENT_ENDPOINT, 'company'),
  'HR admin': grant(DOCUMENT_ENDPOINT, 'company'),
  Manager: grant(DOCUMENT_ENDPOINT, 'own'),
  Employee: grant(DOCUMENT_ENDPOINT, 'own'),
  'Docs only': grant(DOCUMENT_ENDPOINT, 'own', ['GET']),
};
