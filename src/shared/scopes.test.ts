import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canEditWide,
  hasExactScope,
  hasPermission,
  levelFor,
  SCOPES,
  scopeAllows,
  scopeRank,
  ScopeEvaluationError,
  type HttpMethod,
  type PermissionEntry,
  type Scope,
} from './scopes';

const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE'];
const ENDPOINTS = ['/api/user-basic', '/api/user-absence', '/api/hr-task'];
const scopeArb = fc.constantFrom(...SCOPES);
const entryArb = fc.record({ endpoint: fc.constantFrom(...ENDPOINTS), method: fc.constantFrom(...METHODS), type: scopeArb });
const permissionsArb = fc.array(entryArb, { maxLength: 12 });
const id = fc.constantFrom('a', 'b', 'c');

describe('scope levels', () => {
  it('orders own < department < company < global', () => {
    expect(SCOPES.map(scopeRank)).toEqual([0, 1, 2, 3]);
  });

  it('takes the widest level held for an endpoint and method', () => {
    const permissions: PermissionEntry[] = [
      { endpoint: '/api/user-absence', method: 'GET', type: 'own' },
      { endpoint: '/api/user-absence', method: 'GET', type: 'department' },
      { endpoint: '/api/user-absence', method: 'PUT', type: 'company' },
    ];
    expect(levelFor(permissions, '/api/user-absence', 'GET')).toBe('department');
    expect(levelFor(permissions, '/api/user-absence', 'DELETE')).toBeNull();
    expect(levelFor(permissions, '/api/user-basic', 'GET')).toBeNull();
  });

  it('answers the same for a frozen list (a session, indexed once) as for the list scanned', () => {
    fc.assert(
      fc.property(permissionsArb, fc.constantFrom(...ENDPOINTS), fc.constantFrom(...METHODS), (permissions, endpoint, method) => {
        const frozen = Object.freeze(permissions.map((entry) => Object.freeze({ ...entry })));
        expect(levelFor(frozen, endpoint, method)).toBe(levelFor(permissions, endpoint, method));
        expect(levelFor(frozen, endpoint, method)).toBe(levelFor(frozen, endpoint, method));
      }),
    );
  });

  it('passes a check exactly when the level held is at least the level required', () => {
    fc.assert(
      fc.property(
        permissionsArb,
        fc.constantFrom(...ENDPOINTS),
        fc.constantFrom(...METHODS),
        scopeArb,
        (permissions, endpoint, method, scope) => {
          const held = permissions.filter((p) => p.endpoint === endpoint && p.method === method).map((p) => scopeRank(p.type));
          const expected = held.some((rank) => rank >= scopeRank(scope));
          expect(hasPermission(permissions, { endpoint, method, scope })).toBe(expected);
        },
      ),
    );
  });

  it('is monotonic: holding a wider scope never loses a check a narrower one passes', () => {
    fc.assert(
      fc.property(permissionsArb, entryArb, scopeArb, (permissions, entry, required) => {
        const narrower = [...permissions, entry];
        const wider = [...permissions, { ...entry, type: 'global' as Scope }];
        const requirement = { endpoint: entry.endpoint, method: entry.method, scope: required };
        if (hasPermission(narrower, requirement)) expect(hasPermission(wider, requirement)).toBe(true);
      }),
    );
  });

  it('has exact-scope helpers and the wide-edit rule on the PUT level', () => {
    const permissions: PermissionEntry[] = [
      { endpoint: '/api/hr-task', method: 'GET', type: 'company' },
      { endpoint: '/api/hr-task', method: 'PUT', type: 'department' },
      { endpoint: '/api/user-basic', method: 'PUT', type: 'own' },
    ];
    expect(hasExactScope(permissions, '/api/hr-task', 'GET', 'company')).toBe(true);
    expect(hasExactScope(permissions, '/api/hr-task', 'GET', 'global')).toBe(false);
    expect(canEditWide(permissions, '/api/hr-task')).toBe(true);
    expect(canEditWide(permissions, '/api/user-basic')).toBe(false);
  });
});

describe('scope against a record', () => {
  const actorArb = fc.record({
    userId: id,
    companyId: fc.option(id, { nil: null }),
    departmentIds: fc.uniqueArray(id, { minLength: 1, maxLength: 2 }),
  });
  const recordArb = fc.record({ userId: fc.option(id, { nil: null }), companyId: id, departmentId: fc.option(id, { nil: null }) });

  it('allows global always', () => {
    fc.assert(
      fc.property(actorArb, recordArb, (actor, record) => {
        expect(scopeAllows('global', actor, record)).toBe(true);
      }),
    );
  });

  it('allows company only within the same company', () => {
    fc.assert(
      fc.property(actorArb, recordArb, (actor, record) => {
        expect(scopeAllows('company', actor, record)).toBe(record.companyId === actor.companyId);
      }),
    );
  });

  it('allows department only in the same company and one of the actor’s departments', () => {
    fc.assert(
      fc.property(actorArb, recordArb, (actor, record) => {
        expect(scopeAllows('department', actor, record)).toBe(
          record.companyId === actor.companyId && record.departmentId !== null && actor.departmentIds.includes(record.departmentId),
        );
      }),
    );
  });

  it('allows own only for the same user in the same company', () => {
    fc.assert(
      fc.property(actorArb, recordArb, (actor, record) => {
        expect(scopeAllows('own', actor, record)).toBe(record.companyId === actor.companyId && record.userId === actor.userId);
      }),
    );
  });

  it('never lets a narrower scope allow what a wider one refuses', () => {
    fc.assert(
      fc.property(actorArb, recordArb, (actor, record) => {
        const allowed = SCOPES.map((scope) => scopeAllows(scope, actor, record));
        // own ⊆ company and department ⊆ company ⊆ global
        if (allowed[0] || allowed[1]) expect(allowed[2]).toBe(true);
        expect(allowed[3]).toBe(true);
      }),
    );
  });

  it('raises the two errors SPEC names for department scope', () => {
    const actor = { userId: 'a', companyId: 'c', departmentIds: ['d'] };
    expect(() => scopeAllows('department', actor, { companyId: null, departmentId: 'd' })).toThrow(ScopeEvaluationError);
    expect(() => scopeAllows('department', { ...actor, departmentIds: [] }, { companyId: 'c', departmentId: 'd' })).toThrow(
      ScopeEvaluationError,
    );
  });
});
