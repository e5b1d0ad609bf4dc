import type { paths } from '@intake/sdk-types';
import { paramsOf } from '../intakes/list-filters';

type ClientsQuery = NonNullable<paths['/v1/clients']['get']['parameters']['query']>;

export const CLIENTS_PAGE_SIZE = 20;

/** The clients list's search and page as the address keeps them (`?q=…&page=…`). */
export interface ClientFilters {
  q: string;
  /** 1-based. */
  page: number;
}

export function clientFiltersOf(params: URLSearchParams): ClientFilters {
  const page = Number(params.get('page') ?? '1');
  return { q: (params.get('q') ?? '').slice(0, 100), page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

export function clientParamsOf(filters: ClientFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** GET /v1/clients's query (a blank search is none: the API takes 1 to 100 characters). */
export function clientsQueryOf(filters: ClientFilters): ClientsQuery {
  const q = filters.q.trim();
  return { ...(q ? { q } : {}), limit: CLIENTS_PAGE_SIZE, offset: (filters.page - 1) * CLIENTS_PAGE_SIZE };
}

export const clientPageCount = (total: number): number => Math.max(1, Math.ceil(total / CLIENTS_PAGE_SIZE));

/** The intakes list filtered to one client's e-mail address. */
export const intakesOfClient = (email: string): string =>
  `/intakes?${paramsOf({ q: '', status: '', folder: '', mode: '', client: email, page: 1 }).toString()}`;
