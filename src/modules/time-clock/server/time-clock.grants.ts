// The time clock: everyone clocks their own time (/api/time-clock). Timesheets
// (/api/timesheets: read, edit with a reason, approve): owners and HR admins company-wide,
// managers their departments; nobody edits or approves their own. The clock's settings
// (the device-time drift, the forgotten clock-out reminder): owners and HR admins.
import { grant, type RoleGrants } from '../../../server/roles';
import { TIME_CLOCK_ENDPOINT, TIME_CLOCK_SETTINGS_ENDPOINT, TIMESHEETS_ENDPOINT } from '../time-clock.contract';

export const timeClockGrants: RoleGrants = {
  Owner: [
    ...grant(TIME_CLOCK_ENDPOINT, 'own'),
    ...grant(TIMESHEETS_ENDPOINT, 'company'),
    ...grant(TIME_CLOCK_SETTINGS_ENDPOINT, 'company'),
  ],
  'HR admin': [
    ...grant(TIME_CLOCK_ENDPOINT, 'own'),
    ...grant(TIMESHEETS_ENDPOINT, 'company'),
    ...grant(TIME_CLOCK_SETTINGS_ENDPOINT, 'company'),
  ],
  Manager: [...grant(TIME_CLOCK_ENDPOINT, 'own'), ...grant(TIMESHEETS_ENDPOINT, 'department')],
  Employee: grant(TIME_CLOCK_ENDPOINT, 'own'),
};
