import { describe, expect, it } from 'vitest';
import { mayChooseContactType } from './support.policy';

describe('mayChooseContactType', () => {
  it('lets everyone write to the support team and only authorised contacts to HR or H&S', () => {
    expect(mayChooseContactType({ authorisedContact: false, contactType: 'support' })).toBe(true);
    expect(mayChooseContactType({ authorisedContact: false, contactType: 'hr' })).toBe(false);
    expect(mayChooseContactType({ authorisedContact: false, contactType: 'hs' })).toBe(false);
    expect(mayChooseContactType({ authorisedContact: true, contactType: 'hr' })).toBe(true);
    expect(mayChooseContactType({ authorisedContact: true, contactType: 'hs' })).toBe(true);
  });
});
