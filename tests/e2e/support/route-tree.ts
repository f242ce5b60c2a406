// The app's screens as the router knows them: every leaf route of src/routeTree.gen.ts (the file
// the router plugin generates from src/routes), so a spec that walks "every screen" follows the
// route tree instead of a hand list that drifts. Layout routes (_signed-in, _company, a settings
// page with tabs) are left out: each of their screens is a leaf of its own.
import fs from 'node:fs';
import path from 'node:path';

/** Who may reach a route: signed out, any signed-in person, a company's people, or the platform's administrators. */
export type RouteArea = 'public' | 'signed-in' | 'company' | 'admin';

export type AppRoute = {
  /** The route's path with its parameters as written in src/routes: /absence/$id. */
  path: string;
  area: RouteArea;
  /** The names of its parameters ($id → id), in order; empty for a screen with none. */
  params: string[];
};

const GENERATED = path.resolve(import.meta.dirname, '../../../src/routeTree.gen.ts');

function areaOf(id: string): RouteArea {
  if (id.startsWith('/_signed-in/_company')) return 'company';
  if (id.startsWith('/_signed-in/admin')) return 'admin';
  if (id.startsWith('/_signed-in')) return 'signed-in';
  return 'public';
}

/** Every leaf route of the generated route tree. */
export function appRoutes(): AppRoute[] {
  const source = fs.readFileSync(GENERATED, 'utf8');
  const block = /export interface FileRoutesById \{([\s\S]*?)\n\}/.exec(source)?.[1];
  if (!block) throw new Error(`No FileRoutesById in ${GENERATED}`);
  const ids = [...block.matchAll(/^\s*'([^']+)':/gm)].map((match) => match[1] ?? '');
  return ids
    .filter((id) => !ids.some((other) => other !== id && other.startsWith(`${id}/`)))
    .map((id) => {
      const routePath = id.replace(/\/_[a-z-]+/g, '').replace(/(.)\/$/, '$1') || '/';
      return { path: routePath, area: areaOf(id), params: [...routePath.matchAll(/\$(\w+)/g)].map((match) => match[1] ?? '') };
    });
}

/** A pattern for the addresses of a route with parameters: /absence/$id → ^/absence/([^/?#]+)$. */
export function routePattern(route: AppRoute): RegExp {
  const escaped = route.path
    .split(/\$\w+/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('([^/?#]+)');
  return new RegExp(`^${escaped}/?$`);
}

/** The route's address with its parameters filled in order. */
export function routeAddress(route: AppRoute, values: readonly string[]): string {
  let index = 0;
  return route.path.replace(/\$\w+/g, () => encodeURIComponent(values[index++] ?? ''));
}
