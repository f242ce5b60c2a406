// The app without its look: the query client, the router with every route's guards, and the
// session's lifecycle. main.tsx loads it in a step of its own before app.tsx (Mantine and
// the first render), so no single task evaluates the whole app on a slow phone.
export { startSessionLifecycle } from '../../modules/auth/client/session-lifecycle';
export { createQueryClient } from '../../client/api/query-client';
export { getToken, readCacheOwner } from '../../client/auth/token-store';
export { holdUntilPageDrawn, whenPageDrawn } from '../../client/realtime/page-drawn';
export { createAppRouter } from './router';
