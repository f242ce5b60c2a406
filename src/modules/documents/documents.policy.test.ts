import { describe, expect, it } from 'vitest';
import { fieldsUsed, maySeeDocument, mergeTemplate, type DocumentReader } from './documents.policy';

const ella: DocumentReader = { userId: 'ella', departmentIds: ['ops'], locationId: 'man', companyWide: false };
const doc = { audience_ids: [] as string[], subject_user_id: null };

describe('maySeeDocument', () => {
  it('lets a department document through only to its departments', () => {
    expect(maySeeDocument(ella, { ...doc, audience: 'departments', audience_ids: ['ops'] })).toBe(true);
    expect(maySeeDocument(ella, { ...doc, audience: 'departments', audience_ids: ['office'] })).toBe(false);
  });
  it("keeps private-to-HR documents and other people's documents from employees, but not from HR", () => {
    expect(maySeeDocument(ella, { ...doc, audience: 'hr_private' })).toBe(false);
    expect(maySeeDocument(ella, { ...doc, audience: 'everyone', subject_user_id: 'colin' })).toBe(false);
    expect(maySeeDocument({ ...ella, companyWide: true }, { ...doc, audience: 'hr_private' })).toBe(true);
  });
  it('shows a person their own documents and those they are asked to sign', () => {
    expect(maySeeDocument(ella, { ...doc, audience: 'hr_private', subject_user_id: 'ella' })).toBe(true);
    expect(maySeeDocument(ella, { ...doc, audience: 'hr_private', signer_ids: ['ella'] })).toBe(true);
  });
  it('matches locations and named people', () => {
    expect(maySeeDocument(ella, { ...doc, audience: 'locations', audience_ids: ['man'] })).toBe(true);
    expect(maySeeDocument({ ...ella, locationId: null }, { ...doc, audience: 'locations', audience_ids: ['man'] })).toBe(false);
    expect(maySeeDocument(ella, { ...doc, audience: 'people', audience_ids: ['ella'] })).toBe(true);
  });
});

describe('mergeTemplate', () => {
  it('fills known fields and marks missing ones', () => {
    expect(
      mergeTemplate('Dear {{ employee_name }}, from {{company_name}} {{pay}}', { employee_name: 'Ella', company_name: 'Demo Ltd' }),
    ).toBe('Dear Ella, from Demo Ltd [pay]');
    expect(fieldsUsed('{{a}} {{b_c}} {{a}}')).toEqual(['a', 'b_c']);
  });
});
