// The people tests' person: Ann Smith, sales lead in Sales at Leeds, as the directory lists her.
import type { DirectoryEntry, UserBasic } from '../directory.contract';

export const SALES = { id: '11111111-1111-4111-8111-111111111111', name: 'Sales' };
export const LEEDS = { id: '22222222-2222-4222-8222-222222222222', name: 'Leeds' };

export const ANN_SMITH: Omit<DirectoryEntry, 'id'> = {
  first_name: 'Ann',
  middle_names: null,
  surname: 'Smith',
  email: 'ann@demo.test',
  status: 'active',
  job_title: 'Sales lead',
  department: SALES,
  location: LEEDS,
  tags: [],
  start_date: '2024-01-08',
  termination_date: null,
  profile_image: null,
};

/** Ann Smith's whole record (GET /api/users/{id}) under `id`, an employee of Demo Ltd. */
export const annSmithRecord = (id: string): UserBasic => ({
  ...ANN_SMITH,
  id,
  company_id: 'c1',
  department_id: SALES.id,
  departments: [],
  mobile: null,
  authorised_contact: false,
  role: { id: 'r1', name: 'Employee' },
  company: { id: 'c1', name: 'Demo Ltd', number: null, sector_name: null },
  line_managers: [],
  termination_reason: null,
  termination_notes: null,
  setup_completed_at: null,
  pending_email: null,
  access: 'active',
});
