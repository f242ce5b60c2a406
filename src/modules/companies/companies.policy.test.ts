import { describe, expect, it } from 'vitest';
import { administratorRemovalRefusal, seatRefusal, setupProgress, statusChangeText } from './companies.policy';

describe('seats', () => {
  it('refuses only past the seats bought, and never a company whose seats are not counted', () => {
    expect(seatRefusal({ seats: 5, used: 5 })).toBeNull();
    expect(seatRefusal({ seats: 5, used: 6 })).toContain('used all 5 of the seats');
    expect(seatRefusal({ seats: null, used: 10_000 })).toBeNull();
  });
});

describe('administrators', () => {
  it('may remove another, never themselves, never the last', () => {
    expect(administratorRemovalRefusal({ actorId: 'a', targetId: 'b', administrators: 2 })).toBeNull();
    expect(administratorRemovalRefusal({ actorId: 'a', targetId: 'a', administrators: 5 })).toMatch(/yourself/);
    expect(administratorRemovalRefusal({ actorId: 'a', targetId: 'b', administrators: 1 })).toMatch(/at least one/);
  });
});

describe('first-run steps', () => {
  it('are each done by their own count or by the module that answers them', () => {
    expect(setupProgress({ locations: 1, departments: 0, peopleInvited: 0 }, { leave_policy: true })).toEqual({
      locations: true,
      departments: false,
      leave_policy: true,
      people: false,
    });
  });

  it('leave out a step no module answers', () => {
    expect(setupProgress({ locations: 0, departments: 0, peopleInvited: 2 }, {})).toEqual({
      locations: false,
      departments: false,
      people: true,
    });
  });
});

describe('a status change e-mail', () => {
  it('says what happened, that nothing is deleted when on hold, and the reason', () => {
    const mail = statusChangeText({ companyName: 'Acme', firstName: 'Ann', to: 'on_hold', reason: 'Unpaid', supportEmail: 's@x.test' });
    expect(mail.subject).toBe('Your company on Stafflane is now on hold');
    expect(mail.text).toContain('nothing has been deleted');
    expect(mail.text).toContain('The reason given: Unpaid');
  });
});
