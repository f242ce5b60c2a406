import { describe, expect, it } from 'vitest';
import { companyRoutePath, preloadedAt, preloadFileOf, preloadScript, signedInPreload } from './signed-in-preload';

const ROUTES = '/app/src/routes';
const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = [], css: string[] = [], extra = {}) => ({
  type: 'chunk' as const,
  fileName,
  facadeModuleId,
  isEntry: false,
  imports,
  dynamicImports: [],
  viteMetadata: { importedCss: new Set(css) },
  ...extra,
});

// The shape of a build: the entry starts react and app-core; the signed-in frame and the
// offline session; the dashboard, the rota layout with My Rota Shifts under it, the leave list
// with a form part it shares with the request, and a record's page (an address with a parameter).
const bundle = {
  'assets/index.js': chunk('assets/index.js', '/app/src/app/client/main.tsx', ['assets/runtime.js'], [], {
    isEntry: true,
    dynamicImports: ['assets/vendor-react.js', 'assets/app-core.js'],
  }),
  'assets/runtime.js': chunk('assets/runtime.js', null),
  'assets/vendor-react.js': chunk('assets/vendor-react.js', null, ['assets/runtime.js']),
  'assets/app-core.js': chunk('assets/app-core.js', '/app/src/app/client/app-core.ts', ['assets/vendor-react.js'], ['assets/app.css']),
  'assets/offline-session.js': chunk('assets/offline-session.js', '/app/src/client/offline/offline-session.ts', ['assets/signed-in.js']),
  'assets/signed-in.js': chunk('assets/signed-in.js', null, ['assets/vendor-react.js'], ['assets/signed-in.css']),
  'assets/route-signed-in.js': chunk('assets/route-signed-in.js', `${ROUTES}/_signed-in.tsx?tsr-split=component---loader`, [
    'assets/signed-in.js',
  ]),
  'assets/route-index.js': chunk('assets/route-index.js', `${ROUTES}/_signed-in/_company/index.tsx?tsr-split=component---loader`, [
    'assets/signed-in.js',
    'assets/greeting.js',
  ]),
  'assets/greeting.js': chunk('assets/greeting.js', null),
  'assets/route-rotas.js': chunk('assets/route-rotas.js', `${ROUTES}/_signed-in/_company/rotas.tsx?tsr-split=component---loader`),
  'assets/route-rotas-shifts.js': chunk(
    'assets/route-rotas-shifts.js',
    `${ROUTES}/_signed-in/_company/rotas.shifts.tsx?tsr-split=component---loader`,
  ),
  'assets/route-leave-list.js': chunk(
    'assets/route-leave-list.js',
    `${ROUTES}/_signed-in/_company/leave-and-absences.list.tsx?tsr-split=component---loader`,
    ['assets/leave-form.js'],
  ),
  'assets/route-leave-list-pending.js': chunk(
    'assets/route-leave-list-pending.js',
    `${ROUTES}/_signed-in/_company/leave-and-absences.list.tsx?tsr-split=loader`,
  ),
  'assets/route-leave-list-error.js': chunk(
    'assets/route-leave-list-error.js',
    `${ROUTES}/_signed-in/_company/leave-and-absences.list.tsx?tsr-split=errorComponent`,
  ),
  'assets/leave-form.js': chunk('assets/leave-form.js', null, ['assets/signed-in.js'], ['assets/leave-form.css']),
  'assets/route-employee.js': chunk(
    'assets/route-employee.js',
    `${ROUTES}/_signed-in/_company/employee.$id.tsx?tsr-split=component---loader`,
  ),
  'index.html': { type: 'asset' as const },
};

const named = (preload: ReturnType<typeof signedInPreload>, indexes: number[] | undefined) =>
  (indexes ?? []).map((index) => preload.files[index]).sort();

describe('what a signed-in visit asks for at once', () => {
  const preload = signedInPreload(bundle);

  it('on any address: the app the entry starts and the signed-in frame, with their style sheets, not the entry’s own files', () => {
    expect(named(preload, preload.frame)).toEqual(
      [
        'assets/app-core.js',
        'assets/app.css',
        'assets/offline-session.js',
        'assets/route-signed-in.js',
        'assets/signed-in.css',
        'assets/signed-in.js',
        'assets/vendor-react.js',
      ].sort(),
    );
  });

  it('per company page: its route files from the layout down and what they import, beyond the frame; not its error component', () => {
    expect(named(preload, preload.routes['/'])).toEqual(['assets/greeting.js', 'assets/route-index.js']);
    expect(named(preload, preload.routes['/rotas/shifts'])).toEqual(['assets/route-rotas-shifts.js', 'assets/route-rotas.js']);
    expect(named(preload, preload.routes['/leave-and-absences/list'])).toEqual(
      ['assets/leave-form.css', 'assets/leave-form.js', 'assets/route-leave-list-pending.js', 'assets/route-leave-list.js'].sort(),
    );
    // An address with a parameter cannot be looked up by its path: nothing is listed for it.
    expect(Object.keys(preload.routes).some((path) => path.includes('$'))).toBe(false);
  });

  it('names a route file by the address it opens', () => {
    expect(companyRoutePath('index')).toBe('/');
    expect(companyRoutePath('leave-and-absences.list')).toBe('/leave-and-absences/list');
    expect(companyRoutePath('rotas.index')).toBe('/rotas');
  });
});

/** Runs the built script in a page at `path` with the session flag given, returning the links it added. */
type Link = { rel: string; as?: string; href: string };

/** Runs the script, then each task it leaves for later in turn: the links it added, by task. */
function runScriptTasks(path: string, loggedIn: string | null): Link[][] {
  const tasks: Link[][] = [[]];
  const document = {
    head: { appendChild: (link: Link) => tasks.at(-1)?.push({ ...link }) },
    createElement: () => ({ rel: '', href: '' }),
  };
  const localStorage = { getItem: (key: string) => (key === 'loggedIn' ? loggedIn : null) };
  const later: Array<() => void> = [];
  const setTimeout = (task: () => void) => later.push(task);
  new Function('document', 'localStorage', 'location', 'setTimeout', preloadScript(signedInPreload(bundle)))(
    document,
    localStorage,
    { pathname: path },
    setTimeout,
  );
  for (let task = later.shift(); task; task = later.shift()) {
    tasks.push([]);
    task();
  }
  return tasks;
}

const runScript = (path: string, loggedIn: string | null): Link[] => runScriptTasks(path, loggedIn).flat();

describe('the script in the page', () => {
  it('signed in, adds a modulepreload per script and a style preload per style sheet, for the frame and the page at that address', () => {
    const links = runScript('/leave-and-absences/list/', '1');
    expect(links).toContainEqual({ rel: 'modulepreload', href: '/assets/route-leave-list.js' });
    expect(links).toContainEqual({ rel: 'modulepreload', href: '/assets/signed-in.js' });
    // As Vite's loader asks for the sheet (crossorigin): a preload of another credentials mode is not used.
    expect(links).toContainEqual({ rel: 'preload', as: 'style', crossOrigin: '', href: '/assets/leave-form.css' });
    expect(links.map((link) => link.href)).not.toContain('/assets/route-index.js');
    expect(links.map((link) => link.href)).not.toContain('/assets/index.js');
  });

  it("adds its links a few a task, so the page's own scripts run between", () => {
    const tasks = runScriptTasks('/leave-and-absences/list', '1');
    expect(tasks.length).toBeGreaterThan(1);
    expect(Math.max(...tasks.map((links) => links.length))).toBeLessThanOrEqual(4);
    expect(tasks.flat()).toHaveLength(runScript('/leave-and-absences/list', '1').length);
  });

  it('at an address of no listed page, only the frame; signed out, nothing', () => {
    expect(runScript('/employee/42', '1')).toHaveLength(signedInPreload(bundle).frame.length);
    expect(runScript('/', null)).toEqual([]);
  });

  it('is read back by the route budget: the files it asks for at an address', () => {
    const script = preloadScript(signedInPreload(bundle));
    expect(preloadedAt(script, '/rotas/shifts')).toEqual(expect.arrayContaining(['assets/route-rotas.js', 'assets/signed-in.js']));
    expect(preloadedAt(script, '/rotas/shifts')).not.toContain('assets/route-index.js');
  });

  it('is found from the meta element the build writes into index.html', () => {
    expect(preloadFileOf('<meta name="stafflane-signed-in-preload" content="/assets/signed-in-preload-ab12.js" />')).toBe(
      'assets/signed-in-preload-ab12.js',
    );
    expect(preloadFileOf('<html></html>')).toBeNull();
  });
});
