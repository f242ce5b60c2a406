// What the auth module gives the shell: the banner across an impersonated session's pages, and
// the access requests waiting on the administrators' home, and the company's Sign-in security settings page. Its screens (sign-in, passwords,
// onboarding, access requests) are routes of their own.
import { lazy } from 'react';
import type { ClientModule } from '../../../client/shell/client-module';
import { ImpersonatedSessionBanner } from './impersonation-banner';

const AdminAccessRequests = lazy(() => import('./admin-access-requests').then((module) => ({ default: module.AdminAccessRequests })));

export const authClientModule: ClientModule = {
  name: 'auth',
  banners: [{ key: 'impersonation', component: ImpersonatedSessionBanner }],
  settings: [{ path: '/settings/sign-in-security', label: 'Sign-in security', resources: ['company-sign-in'] }],
  adminCards: [{ key: 'access-requests', order: 10, component: AdminAccessRequests }],
};
