import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loginMessages } from './auth.contract';
import {
  accountRefusal,
  canUseTwoFactorMethod,
  challengeState,
  failedLoginFailure,
  formatLockDate,
  invalidCodeFailure,
  lockedFailure,
  maskEmail,
  maskMobile,
  normaliseCode,
  scopeAllowsUser,
  twoFactorDelivery,
  twoFactorRequired,
  twoFactorRequiredFailure,
  secondFactorOf,
} from './auth.policy';

describe('formatLockDate', () => {
  it('writes dd/MM/yyyy HH:mm in London time, summer and winter', () => {
    expect(formatLockDate(new Date('2026-07-01T12:05:00Z'))).toBe('01/07/2026 13:05');
    expect(formatLockDate(new Date('2026-01-15T23:59:00Z'))).toBe('15/01/2026 23:59');
    expect(formatLockDate(new Date('2026-03-29T00:30:00Z'))).toBe('29/03/2026 00:30');
    expect(formatLockDate(new Date('2026-03-29T01:30:00Z'))).toBe('29/03/2026 02:30');
    expect(formatLockDate(new Date('2026-12-31T23:30:00Z'))).toBe('31/12/2026 23:30');
  });
});

describe('failed and locked answers', () => {
  it('reads plainly on the first failure and counts from the second', () => {
    expect(failedLoginFailure({ failedCount: 1, lockedUntil: null }, 5)).toEqual({
      status: 'failed',
      message: loginMessages.failed,
      attempts: 1,
      max_attempts: 5,
      lockout_date: null,
      details: null,
    });
    expect(failedLoginFailure({ failedCount: 3, lockedUntil: null }, 5).message).toBe('Login failed, you have used 3 of your 5 attempts');
  });

  it('turns into the lock once counted with a lock', () => {
    const until = new Date('2026-11-22T10:00:00Z');
    expect(failedLoginFailure({ failedCount: 5, lockedUntil: until }, 5)).toEqual(lockedFailure({ failedCount: 5, lockedUntil: until }, 5));
    expect(lockedFailure({ failedCount: 5, lockedUntil: until }, 5)).toEqual({
      status: 'locked',
      message: 'The user has been locked until 22/11/2026 10:00',
      attempts: 5,
      max_attempts: 5,
      lockout_date: '2026-11-22T10:00:00.000Z',
      details: null,
    });
  });
});

describe('accountRefusal', () => {
  const active = { userStatus: 'active', companyId: 'c1', companyStatus: 'active' };

  it('lets an active user of an active company, and an administrator, through', () => {
    expect(accountRefusal(active)).toBeNull();
    expect(accountRefusal({ userStatus: 'active', companyId: null, companyStatus: null })).toBeNull();
  });

  it('refuses everyone of a company on hold or disabled with the "company not active" words', () => {
    for (const companyStatus of ['on_hold', 'disabled']) {
      expect(accountRefusal({ ...active, companyStatus })).toMatchObject({
        status: 'company_inactive',
        message: loginMessages.companyInactive,
      });
    }
  });

  it("names a person's own access on hold or disabled", () => {
    expect(accountRefusal({ ...active, access: 'on_hold' })).toMatchObject({
      status: 'account_on_hold',
      message: loginMessages.accountOnHold,
    });
    expect(accountRefusal({ ...active, access: 'disabled' })).toMatchObject({
      status: 'access_disabled',
      message: loginMessages.accessDisabled,
    });
    expect(accountRefusal({ ...active, access: 'active' })).toBeNull();
  });

  it('sends invited and pending users to onboarding', () => {
    for (const userStatus of ['invited', 'pending']) {
      expect(accountRefusal({ ...active, userStatus })).toMatchObject({ status: 'invite_not_accepted', message: 'Invite not accepted.' });
    }
  });

  it('tells terminated and locked users nothing more than a generic failure, whatever the company', () => {
    for (const userStatus of ['terminated', 'locked']) {
      for (const companyStatus of ['active', 'disabled', 'on_hold']) {
        expect(accountRefusal({ ...active, userStatus, companyStatus })).toEqual({
          status: 'failed',
          message: loginMessages.generic,
          details: null,
        });
      }
    }
  });

  it('refuses any state it does not know', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (userStatus, companyStatus) => {
        const refusal = accountRefusal({ userStatus, companyId: 'c1', companyStatus });
        const allowed = userStatus === 'active' && companyStatus === 'active';
        expect(refusal === null).toBe(allowed);
      }),
    );
  });
});

describe('two-factor', () => {
  it('is required by the user or by the company', () => {
    expect(twoFactorRequired({ userEnabled: false, companyRequires: false })).toBe(false);
    expect(twoFactorRequired({ userEnabled: true, companyRequires: false })).toBe(true);
    expect(twoFactorRequired({ userEnabled: false, companyRequires: true })).toBe(true);
  });

  it('masks addresses and numbers as the sign-in step shows them', () => {
    expect(maskEmail('olivia@demo.test')).toBe('o***@demo.test');
    expect(maskEmail('o@demo.test')).toBe('o***@demo.test');
    expect(maskMobile('0123457890')).toBe('******7890');
    expect(maskMobile('+44 (0)7700 900-123')).toBe('*********0123');
  });

  it('never shows more than the last four digits of a number, or the local part of an address', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 5, maxLength: 30 }), (mobile) => {
        const masked = maskMobile(mobile);
        expect(masked.replace(/\*/g, '').length).toBeLessThanOrEqual(4);
      }),
    );
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const masked = maskEmail(email);
        expect(masked.slice(0, masked.indexOf('@'))).toBe(`${email[0]}***`);
      }),
    );
  });

  it('sends by text only when the user chose it and has a number', () => {
    expect(twoFactorDelivery({ method: 'mobile', email: 'a@b.test', mobile: '07700900123' })).toEqual({
      method: 'mobile',
      destination: '07700900123',
      contact: '*******0123',
    });
    expect(twoFactorDelivery({ method: 'mobile', email: 'a@b.test', mobile: '  ' })).toMatchObject({
      method: 'mail',
      destination: 'a@b.test',
    });
    expect(twoFactorDelivery({ method: 'mail', email: 'a@b.test', mobile: '07700900123' })).toMatchObject({ method: 'mail' });
    expect(canUseTwoFactorMethod('mobile', null)).toBe(false);
    expect(canUseTwoFactorMethod('mail', null)).toBe(true);
  });

  it('answers the code step with every field', () => {
    const delivery = { method: 'mail' as const, destination: 'olivia@demo.test', contact: 'o***@demo.test' };
    expect(twoFactorRequiredFailure({ delivery, ttlSeconds: 300, isAdmin: false })).toEqual({
      status: 'two_factor_required',
      message: 'We have sent a code to your e-mail address o***@demo.test.',
      ttl: 300,
      method: 'mail',
      contact: 'o***@demo.test',
      attempts: 0,
      max_attempts: 5,
      lockout_date: null,
      details: null,
      isAdmin: false,
    });
    expect(invalidCodeFailure(7)).toMatchObject({
      status: 'invalid_code',
      message: loginMessages.invalidCode,
      attempts: 5,
      max_attempts: 5,
    });
  });

  it('tells open challenges from used, expired, exhausted and missing ones', () => {
    expect(challengeState(undefined)).toBe('missing');
    expect(challengeState({ used: false, expired: false, guesses: 4 })).toBe('open');
    expect(challengeState({ used: false, expired: false, guesses: 5 })).toBe('exhausted');
    expect(challengeState({ used: false, expired: true, guesses: 0 })).toBe('expired');
    expect(challengeState({ used: true, expired: true, guesses: 5 })).toBe('used');
  });

  it('takes a code with spaces, and no code as the password step', () => {
    expect(normaliseCode(' 123 456 ')).toBe('123456');
    expect(normaliseCode('')).toBeNull();
    expect(normaliseCode('   ')).toBeNull();
    expect(normaliseCode(null)).toBeNull();
    expect(normaliseCode(undefined)).toBeNull();
  });
});

describe('scopeAllowsUser (who may act on a user)', () => {
  const company = 'c1';
  const manager = { userId: 'm1', companyId: company, departmentIds: ['d1', 'd2'] };
  const user = (departmentIds: string[], companyId: string | null = company) => ({ id: 'u1', companyId, departmentIds });

  it('department scope: any department the user and the actor share, in the same company', () => {
    expect(scopeAllowsUser('department', manager, user(['d3', 'd2']))).toBe(true);
    expect(scopeAllowsUser('department', manager, user(['d3']))).toBe(false);
    expect(scopeAllowsUser('department', manager, user(['d1'], 'c2'))).toBe(false);
  });

  it('answers no, rather than failing, where SPEC raises an error', () => {
    expect(scopeAllowsUser('department', manager, user([]))).toBe(false);
    expect(scopeAllowsUser('department', { ...manager, departmentIds: [] }, user(['d1']))).toBe(false);
  });

  it('company, own and global scope', () => {
    expect(scopeAllowsUser('company', manager, user([]))).toBe(true);
    expect(scopeAllowsUser('company', manager, user([], 'c2'))).toBe(false);
    expect(scopeAllowsUser('own', manager, user(['d1']))).toBe(false);
    expect(scopeAllowsUser('own', { ...manager, userId: 'u1' }, user(['d1']))).toBe(true);
    expect(scopeAllowsUser('global', { userId: 'a1', companyId: null, departmentIds: [] }, user([], 'c2'))).toBe(true);
  });
});

describe('secondFactorOf', () => {
  const person = { method: 'mail' as const, hasAuthenticator: false, hasPasskey: false, administrator: false };
  it('asks for the app only when it is chosen, or of an administrator who has one', () => {
    expect(secondFactorOf(person)).toBe('code');
    expect(secondFactorOf({ ...person, hasAuthenticator: true })).toBe('code');
    expect(secondFactorOf({ ...person, hasAuthenticator: true, method: 'app' })).toBe('app');
    expect(secondFactorOf({ ...person, method: 'app' })).toBe('code');
    expect(secondFactorOf({ ...person, hasAuthenticator: true, administrator: true })).toBe('app');
  });
  it('sends an administrator with passkeys and no app to the passkey, and nobody else', () => {
    expect(secondFactorOf({ ...person, hasPasskey: true, administrator: true })).toBe('passkey');
    expect(secondFactorOf({ ...person, hasPasskey: true })).toBe('code');
    expect(secondFactorOf({ ...person, hasPasskey: true, hasAuthenticator: true, administrator: true })).toBe('app');
  });
});
