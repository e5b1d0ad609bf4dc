import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';

/** GET /v1/account: the settings and the plan (the settings and the billing pages share it). */
export const accountQuery = queryOptions({
  queryKey: ['account'],
  queryFn: () => unwrap(api.GET('/v1/account')),
});
