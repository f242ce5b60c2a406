// The documents areas' menu entries: the area page for everyone, the restricted page for
// docs-only users (/hr-documents/hr, /hs-documents/misc_docs), enabled in restricted mode as
// the company's HR/H&S flags say; the badge counts documents waiting for the user (to sign or
// acknowledge) on the HR entry.
import { documentsAreas } from '../../../client/shell/menu/menu-rules';
import { holds, pendingCount, type MenuContext } from '../../../client/shell/menu/menu-context';

export const hrDocumentsTarget = (context: MenuContext) => (context.restricted ? '/hr-documents/hr' : '/hr-documents/documents');
export const hsDocumentsTarget = (context: MenuContext) => (context.restricted ? '/hs-documents/misc_docs' : '/hs-documents/documents');
export const hrEnabled = (context: MenuContext) => documentsAreas(context).hr;
export const hsEnabled = (context: MenuContext) => documentsAreas(context).hs;
export const documentsBadge = (context: MenuContext) => pendingCount(context, 'document');
/** Docs-only users always have their areas (the session guard sends them there); others need to read documents. */
export const mayRead = (context: MenuContext) => context.restricted || holds(context, '/api/document');
