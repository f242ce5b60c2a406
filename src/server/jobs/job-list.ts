// Every background job the server runs, by module.
import { employeesJobs } from '../../modules/employees/server/employees.jobs';
import { leaveJobs } from '../../modules/leave/server/leave.jobs';
import type { JobDefinition } from './job-definition';
import { platformJobs } from './platform.jobs';

export const jobList: readonly JobDefinition[] = [...platformJobs, ...employeesJobs, ...leaveJobs];
