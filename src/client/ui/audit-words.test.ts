import { describe, expect, it } from 'vitest';
import { describeAction, describeDetails } from './audit-words';

describe('an audit entry in words', () => {
  it('says the action as a sentence', () => {
    expect(describeAction('company.status_changed')).toBe('Company status changed');
    expect(describeAction('user_personal_details.read')).toBe('User personal details read');
  });

  it('says the details as one line: lists joined, nested values as JSON, nothing for none', () => {
    expect(describeDetails({ to: 'on_hold', seats: 8, products: ['hr', 'documents'] })).toBe(
      'to: on_hold; seats: 8; products: hr, documents',
    );
    expect(describeDetails({ changed: { seats: [8, 10] } })).toBe('changed: {"seats":[8,10]}');
    expect(describeDetails(null)).toBe('');
  });
});
