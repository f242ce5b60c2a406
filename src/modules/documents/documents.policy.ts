// Who may see a document: pure rules, applied in SQL by the queries and tested here.
import type { Audience } from './documents.contract';

export type DocumentReader = {
  userId: string;
  departmentIds: readonly string[];
  locationId: string | null;
  /** GET /api/document at company scope: owners and HR admins see everything. */
  companyWide: boolean;
};
export type AudienceFacts = {
  audience: Audience;
  audience_ids: readonly string[];
  subject_user_id: string | null;
  signer_ids?: readonly string[];
};

/**
 * A company-wide reader sees every document. Anyone else sees a document that is about them,
 * that they are asked to sign, or whose audience takes them in; "private to HR" takes in nobody else.
 */
export function maySeeDocument(reader: DocumentReader, document: AudienceFacts): boolean {
  if (reader.companyWide) return true;
  if (document.subject_user_id === reader.userId) return true;
  if (document.signer_ids?.includes(reader.userId)) return true;
  if (document.subject_user_id !== null) return false;
  switch (document.audience) {
    case 'everyone':
      return true;
    case 'departments':
      return reader.departmentIds.some((id) => document.audience_ids.includes(id));
    case 'locations':
      return reader.locationId !== null && document.audience_ids.includes(reader.locationId);
    case 'people':
      return document.audience_ids.includes(reader.userId);
    case 'hr_private':
      return false;
  }
}

/** Replaces {{field}} in a template body with its value; unknown fields stay visible as [field]. */
export function mergeTemplate(body: string, values: Readonly<Record<string, string>>): string {
  return body.replace(/\{\{\s*([a-z][a-z0-9_]*)\s*\}\}/g, (_, key: string) => {
    const value = values[key];
    return value === undefined || value === '' ? `[${key.replace(/_/g, ' ')}]` : value;
  });
}

/** The merge fields a template body uses, in order of first use. */
export function fieldsUsed(body: string): string[] {
  return [...new Set([...body.matchAll(/\{\{\s*([a-z][a-z0-9_]*)\s*\}\}/g)].map((match) => match[1]!))];
}
