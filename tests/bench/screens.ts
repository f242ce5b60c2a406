// The main screens a person opens, as issue #33 lists them: who opens each, at which address,
// and the route file that draws it. The route budget (bundle.bench.ts) counts what each loads,
// bench:lighthouse measures them in a browser, tests/e2e/route-files.spec.ts checks the count.
export type Screen = {
  /** Names the screen in tables, JSON and LIGHTHOUSE_SCREENS. */
  name: string;
  path: string;
  /** The demo account that opens it (password demo-password); none for a signed-out page. */
  account: string | null;
  /** The screen's route file under src/routes. */
  route: string;
  /** Lazy parts the screen opens by itself, not on a click (a profile's first tab). */
  starts?: readonly string[];
};

const company = (file: string) => `src/routes/_signed-in/_company/${file}.tsx`;

export const SCREENS: readonly Screen[] = [
  { name: 'sign-in', path: '/login', account: null, route: 'src/routes/login.tsx' },
  { name: 'dashboard (owner)', path: '/', account: 'owner@demo.test', route: company('index') },
  { name: 'dashboard (manager)', path: '/', account: 'manager@demo.test', route: company('index') },
  { name: 'dashboard (employee)', path: '/', account: 'employee@demo.test', route: company('index') },
  { name: 'leave list', path: '/leave-and-absences/list', account: 'owner@demo.test', route: company('leave-and-absences.list') },
  {
    name: 'leave timeline',
    path: '/leave-and-absences/timeline',
    account: 'manager@demo.test',
    route: company('leave-and-absences.timeline'),
  },
  {
    name: 'request leave',
    path: '/leave-and-absences/request',
    account: 'employee@demo.test',
    route: company('leave-and-absences.request'),
  },
  { name: 'expenses', path: '/expenses', account: 'manager@demo.test', route: company('expenses.index') },
  { name: 'overtime', path: '/overtime', account: 'manager@demo.test', route: company('overtime.index') },
  { name: 'HR documents', path: '/hr-documents/documents', account: 'owner@demo.test', route: company('hr-documents.documents') },
  { name: 'HR tasks', path: '/hr-tasks', account: 'owner@demo.test', route: company('hr-tasks') },
  { name: 'My Rota Shifts', path: '/rotas/shifts', account: 'employee@demo.test', route: company('rotas.shifts') },
  { name: 'Rota Management', path: '/rotas/admin', account: 'manager@demo.test', route: company('rotas.admin') },
  { name: 'calendar', path: '/calendar', account: 'employee@demo.test', route: company('calendar') },
  { name: 'employees', path: '/employees', account: 'owner@demo.test', route: company('employees') },
  {
    name: 'my profile',
    path: '/profile',
    account: 'employee@demo.test',
    route: company('profile'),
    starts: ['src/modules/employees/client/records/personal-tab.tsx'],
  },
];
