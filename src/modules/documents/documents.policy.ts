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

/** Who a template's wording may say signs: someone for the company, and the person it is about. */
export const SIGNING_PARTIES = ['company', 'employee'] as const;
export type SigningParty = (typeof SIGNING_PARTIES)[number];

const PARTY_WORDS: Record<SigningParty, RegExp> = {
  company: /\{\{\s*company_name\s*\}\}|\b(company|employer)('s)?\b|on behalf of/i,
  employee: /\{\{\s*employee_(first_)?name\s*\}\}|\b(employee|worker)('s)?\b/i,
};

/**
 * The parties a template's wording says sign it, in the order it names them: each line that
 * speaks of signing or a signature ("Signed for {{company_name}}", "the employee's signature")
 * names the company, the person, or both. A document made from it proposes them as its signers.
 */
export function signingPartiesOf(body: string): SigningParty[] {
  const found: { party: SigningParty; at: number }[] = [];
  body.split('\n').forEach((line, lineIndex) => {
    if (!/\b(counter)?sign(ed|s|ing|ature|atures)?\b/i.test(line)) return;
    for (const party of SIGNING_PARTIES) {
      const match = PARTY_WORDS[party].exec(line);
      if (match && !found.some((entry) => entry.party === party)) found.push({ party, at: lineIndex * 100_000 + match.index });
    }
  });
  return found.sort((a, b) => a.at - b.at).map((entry) => entry.party);
}
