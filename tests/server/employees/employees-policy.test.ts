import { describe, expect, it } from 'vitest';
import { roleRank, scopeReachesForWrite, type PermissionEntry } from '../../../src/shared/scopes';
import { PRODUCT_ROLES } from '../../../src/app/server/modules';
import { mayActOnPerson, mayChangeSignInEmail } from '../../../src/modules/employees/employees.policy';

const permissionsOf = (name: string): PermissionEntry[] => PRODUCT_ROLES.company.find((role) => role.name === name)?.permissions ?? [];
const RANKS = { Owner: 4, 'HR admin': 3, Manager: 2, Employee: 1, 'Docs only': 0 } as const;
const manager = { userId: 'm', companyId: 'c', departmentIds: ['ops'] };
const hr = { userId: 'h', companyId: 'c', departmentIds: ['office'] };
const inOps = (userId: string, role: keyof typeof RANKS) => ({ userId, companyId: 'c', departmentIds: ['ops'], rank: RANKS[role] });

describe('role rank', () => {
  it('orders the built-in roles owner > HR admin > manager > employee > docs only', () => {
    for (const [name, rank] of Object.entries(RANKS)) expect(roleRank(permissionsOf(name)), name).toBe(rank);
    expect(roleRank([])).toBe(0);
  });
});

describe('a write at department scope', () => {
  it('reaches people of the actor’s departments whose role ranks no higher, and the actor themselves', () => {
    const actor = { ...manager, rank: 2 };
    expect(scopeReachesForWrite('department', actor, inOps('e', 'Employee'))).toBe(true);
    expect(scopeReachesForWrite('department', actor, inOps('m2', 'Manager'))).toBe(true);
    expect(scopeReachesForWrite('department', actor, inOps('o', 'Owner'))).toBe(false);
    expect(scopeReachesForWrite('department', actor, inOps('h', 'HR admin'))).toBe(false);
    expect(scopeReachesForWrite('department', actor, { ...inOps('e', 'Employee'), departmentIds: ['office'] })).toBe(false);
    expect(scopeReachesForWrite('department', { ...actor, rank: 0 }, { ...inOps('m', 'Manager') })).toBe(true);
  });

  it('leaves company, own and global scope as they were', () => {
    expect(scopeReachesForWrite('company', { ...hr, rank: 3 }, inOps('o', 'Owner'))).toBe(true);
    expect(scopeReachesForWrite('own', { ...manager, rank: 2 }, inOps('m', 'Manager'))).toBe(true);
    expect(scopeReachesForWrite('global', { userId: 'a', companyId: null, departmentIds: [], rank: 4 }, inOps('o', 'Owner'))).toBe(true);
  });

  it('applies to every method but GET of a person’s records', () => {
    const input = { permissions: permissionsOf('Manager'), actor: manager, subject: inOps('o', 'Owner'), endpoint: '/api/user-notes' };
    expect(mayActOnPerson({ ...input, method: 'GET' })).toBe(true);
    for (const method of ['POST', 'PUT', 'DELETE'] as const) expect(mayActOnPerson({ ...input, method })).toBe(false);
    expect(mayActOnPerson({ ...input, subject: inOps('e', 'Employee'), method: 'PUT' })).toBe(true);
  });
});

describe('changing a sign-in e-mail', () => {
  it('needs company scope over a role no higher than the caller’s', () => {
    const change = (role: string, actor: typeof manager, subject: ReturnType<typeof inOps>) =>
      mayChangeSignInEmail({ permissions: permissionsOf(role), actor, subject });
    expect(change('Manager', manager, inOps('e', 'Employee'))).toBe(false);
    expect(change('Employee', { ...manager, userId: 'e' }, inOps('e', 'Employee'))).toBe(false);
    expect(change('HR admin', hr, inOps('e', 'Employee'))).toBe(true);
    expect(change('HR admin', hr, inOps('h2', 'HR admin'))).toBe(true);
    expect(change('HR admin', hr, inOps('o', 'Owner'))).toBe(false);
    expect(change('Owner', hr, inOps('o2', 'Owner'))).toBe(true);
    expect(change('Owner', hr, { ...inOps('x', 'Employee'), companyId: 'other' })).toBe(false);
  });
});
