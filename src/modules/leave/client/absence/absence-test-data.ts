// Test data for the leave screens' component tests (not shipped: only *.test.tsx import this).
// Shapes come from the contract, so a change there breaks the tests rather than hiding.
import { HttpResponse } from 'msw';
import type { PermissionEntry } from '../../../../shared/scopes';
import type { Absence, AbsenceDetail, PersonSummary } from '../../absences.contract';
import type { LeaveTypeSummary } from '../../leave-settings.contract';
import type { ReturnToWorkItem } from '../../return-to-work.contract';

export const OPERATIONS = { id: '11111111-1111-4111-8111-111111111111', name: 'Operations' };
export const OFFICE = { id: '22222222-2222-4222-8222-222222222222', name: 'Office' };

export const ANNUAL: LeaveTypeSummary = {
  id: '33333333-3333-4333-8333-333333333333',
  key: 'annual_leave',
  name: 'Annual leave',
  colour: 'green',
  paid: true,
  deducted: true,
};
export const SICKNESS: LeaveTypeSummary = {
  id: '44444444-4444-4444-8444-444444444444',
  key: 'sickness',
  name: 'Sickness',
  colour: 'red',
  paid: true,
  deducted: false,
};

let counter = 0;
/** A fresh uuid whose first block says what it is (aaaaaaaa people, bbbbbbbb absences, cccccccc items). */
const nextId = (lead: string) => `${lead}-0000-4000-8000-${String(++counter).padStart(12, '0')}`;

export function person(first_name: string, surname: string, department = OPERATIONS): PersonSummary {
  return { id: nextId('aaaaaaaa'), first_name, surname, department_id: department.id, department_name: department.name };
}

export const ELLA = person('Ella', 'Evans');
export const CARL = person('Carl', 'Cole');
export const OLLY = person('Olly', 'Owen', OFFICE);

export function absence(overrides: Partial<Absence> = {}): Absence {
  return {
    id: nextId('bbbbbbbb'),
    user: ELLA,
    leave_type: ANNUAL,
    start_date: '2025-11-24',
    end_date: '2025-11-26',
    duration_type: 'days',
    half_day_part: null,
    hours: null,
    deduction: 3,
    deduction_unit: 'days',
    status: 'pending',
    notes: null,
    decline_reason: null,
    cancel_reason: null,
    blocked_override_reason: null,
    sickness_category: null,
    returned_on: null,
    requested_by_name: 'Ella Evans',
    decided_by_name: null,
    decided_at: null,
    created_at: '2025-11-01T09:00:00.000Z',
    can_approve: false,
    can_cancel: false,
    return_to_work_id: null,
    ...overrides,
  };
}

export function absenceDetail(overrides: Partial<AbsenceDetail> = {}): AbsenceDetail {
  return { ...absence(), events: [], ...overrides };
}

export function returnToWorkItem(overrides: Partial<ReturnToWorkItem> = {}): ReturnToWorkItem {
  return {
    id: nextId('cccccccc'),
    absence_id: nextId('bbbbbbbb'),
    user: ELLA,
    kind: 'self_certification',
    status: 'awaiting_employee',
    first_day: '2025-11-10',
    last_day: '2025-11-12',
    calendar_days: 3,
    sickness_category: 'cold_flu',
    submitted_at: null,
    reviewed_at: null,
    reviewed_by_name: null,
    review_note: null,
    fit_note_file: null,
    can_complete: true,
    can_review: false,
    created_at: '2025-11-13T09:00:00.000Z',
    ...overrides,
  };
}

export const listOf = <T>(results: T[], count = results.length) => HttpResponse.json({ results, count, next_offset: results.length });

export function signIn(permissions: PermissionEntry[]): void {
  localStorage.setItem('permissions', JSON.stringify(permissions));
}

export const MANAGER: PermissionEntry[] = [
  { endpoint: '/api/user-absence', method: 'GET', type: 'department' },
  { endpoint: '/api/user-absence', method: 'POST', type: 'department' },
  { endpoint: '/api/approve-absence', method: 'GET', type: 'department' },
  { endpoint: '/api/approve-absence', method: 'POST', type: 'department' },
  { endpoint: '/api/return-to-work', method: 'GET', type: 'department' },
  { endpoint: '/api/return-to-work', method: 'PUT', type: 'department' },
];

export const EMPLOYEE: PermissionEntry[] = [
  { endpoint: '/api/user-absence', method: 'GET', type: 'own' },
  { endpoint: '/api/user-absence', method: 'POST', type: 'own' },
  { endpoint: '/api/return-to-work', method: 'GET', type: 'own' },
  { endpoint: '/api/return-to-work', method: 'PUT', type: 'own' },
];
