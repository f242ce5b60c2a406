// The personal data of time offered as overtime: each offer is about the person who worked the
// time, and like the entry it comes from it is a payroll record.
import type { PersonalDataTable } from '../../../server/personal-data';

export const overtimeOfferTables: readonly PersonalDataTable[] = [
  {
    table: 'time_clock_overtime_offers',
    label: 'Time beyond a shift offered as overtime',
    subject: ['user_id'],
    kind: 'payroll',
    dateColumn: 'created_at',
    erase: 'delete',
  },
];
