// The product's server modules, in the order they mount. A module is a Fastify plugin that
// declares the access of every route it adds.
import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from '../modules/auth/server/auth.routes';
import type { AppDeps } from './app';

export const serverModules: FastifyPluginAsync<{ deps: AppDeps }>[] = [authRoutes];
