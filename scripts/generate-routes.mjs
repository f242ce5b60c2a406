// Writes src/routeTree.gen.ts from src/routes without a build (the Vite plugin does the same
// during `vite build` and `vite dev`), so typecheck sees a new route file at once.
import path from 'node:path';
import { Generator, getConfig } from '@tanstack/router-generator';
import { routerOptions } from './router-options.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { target: _target, autoCodeSplitting: _split, ...generatorOptions } = routerOptions;
await new Generator({ config: getConfig(generatorOptions, root), root }).run();
