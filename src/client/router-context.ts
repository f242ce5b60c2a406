// What every route's loader gets from the router (src/app/client/router.ts builds it): the query client.
import type { QueryClient } from '@tanstack/react-query';

export type RouterContext = { queryClient: QueryClient };
