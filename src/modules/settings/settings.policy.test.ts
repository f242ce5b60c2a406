import { describe, expect, it } from 'vitest';
import { decideUserSettingsChange, mayChangeCompanySettings, mayReadUserSettings, scopeCoversUser } from './settings.policy';

const company = 'c1';
const manager = { userId: 'm', companyId: company, departmentIds: ['ops'], rank: 2 };
const inOps = { userId: 'e1', companyId: company, departmentIds: ['ops'], rank: 1 };
const inOffice = { userId: 'e2', companyId: company, departmentIds: ['office'], rank: 1 };
const elsewhere = { userId: 'x', companyId: 'c2', departmentIds: ['ops'], rank: 1 };

describe('scopeCoversUser', () => {
  it('follows against the subject user', () => {
    expect(scopeCoversUser('department', manager, inOps)).toBe(true);
    expect(scopeCoversUser('department', manager, inOffice)).toBe(false);
    expect(scopeCoversUser('department', manager, elsewhere)).toBe(false);
    expect(scopeCoversUser('company', manager, inOffice)).toBe(true);
    expect(scopeCoversUser('company', manager, elsewhere)).toBe(false);
    expect(scopeCoversUser('own', manager, inOps)).toBe(false);
    expect(scopeCoversUser('global', { userId: 'a', companyId: null, departmentIds: [] }, elsewhere)).toBe(true);
    expect(scopeCoversUser(null, manager, inOps)).toBe(false);
  });

  it('treats a manager without departments, or a subject without one, as reaching nobody', () => {
    expect(scopeCoversUser('department', { ...manager, departmentIds: [] }, inOps)).toBe(false);
    expect(scopeCoversUser('department', manager, { ...inOps, departmentIds: [] })).toBe(false);
  });
});

describe('user settings', () => {
  it('lets a user read their own and someone over them read theirs', () => {
    expect(mayReadUserSettings({ actor: inOps, level: 'own', subject: inOps })).toBe(true);
    expect(mayReadUserSettings({ actor: inOps, level: 'own', subject: inOffice })).toBe(false);
    expect(mayReadUserSettings({ actor: manager, level: 'department', subject: inOps })).toBe(true);
  });

  it('never lets a user grant themselves overtime, whatever their level', () => {
    const change = { allow_payable_overtime: true };
    expect(decideUserSettingsChange({ actor: inOps, level: 'own', subject: inOps, change })).toBe('own_overtime');
    expect(decideUserSettingsChange({ actor: manager, level: 'company', subject: manager, change })).toBe('own_overtime');
    expect(decideUserSettingsChange({ actor: inOps, level: 'own', subject: inOps, change: { email_notifications: false } })).toBe(
      'allowed',
    );
  });

  it('lets a manager set allowances in their department only', () => {
    const change = { allow_toil_overtime: true };
    expect(decideUserSettingsChange({ actor: manager, level: 'department', subject: inOps, change })).toBe('allowed');
    expect(decideUserSettingsChange({ actor: manager, level: 'department', subject: inOffice, change })).toBe('forbidden');
  });

  it('never lets a manager change the settings of an owner or HR admin in their department', () => {
    const change = { allow_toil_overtime: true };
    for (const rank of [3, 4]) {
      expect(decideUserSettingsChange({ actor: manager, level: 'department', subject: { ...inOps, rank }, change })).toBe('forbidden');
      expect(decideUserSettingsChange({ actor: { ...manager, rank: 4 }, level: 'company', subject: { ...inOps, rank }, change })).toBe(
        'allowed',
      );
    }
    expect(decideUserSettingsChange({ actor: manager, level: 'department', subject: { ...inOps, rank: 2 }, change })).toBe('allowed');
  });
});

describe('company settings', () => {
  it('needs company scope in the same company, or global', () => {
    expect(mayChangeCompanySettings({ actor: manager, level: 'company', companyId: company })).toBe(true);
    expect(mayChangeCompanySettings({ actor: manager, level: 'company', companyId: 'c2' })).toBe(false);
    expect(mayChangeCompanySettings({ actor: manager, level: 'own', companyId: company })).toBe(false);
    expect(
      mayChangeCompanySettings({ actor: { userId: 'a', companyId: null, departmentIds: [] }, level: 'global', companyId: company }),
    ).toBe(true);
  });
});
