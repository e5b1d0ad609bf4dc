import type { paths } from '@intake/sdk-types';

type ListQuery = NonNullable<paths['/v1/intakes']['get']['parameters']['query']>;
export type IntakeStatus = NonNullable<ListQuery['status']>;
export type IntakeMode = NonNullable<ListQuery['mode']>;

/** The list's mode switch: both modes, or only live or only test intakes (a session sees both). */
export const INTAKE_MODES: readonly IntakeMode[] = ['live', 'test'];

/** The statuses the list filters by, in the order an intake goes through them. */
export const INTAKE_STATUSES: readonly IntakeStatus[] = ['draft', 'sent', 'in_progress', 'completed', 'archived'];

export const PAGE_SIZE = 20;

/** The list's filters as the page's address keeps them (`?q=…&status=…&folder=…&mode=…&client=…&page=…`), so back and reload keep them. */
export interface ListFilters {
  q: string;
  status: IntakeStatus | '';
  /** A folder id, `none` for the unfiled intakes, '' for all. */
  folder: string;
  /** `live` or `test`; '' for both. */
  mode: IntakeMode | '';
  /** A client's e-mail address (the clients page links here with it), '' for every client. */
  client: string;
  /** 1-based. */
  page: number;
}

const isStatus = (value: string): value is IntakeStatus => (INTAKE_STATUSES as readonly string[]).includes(value);
const isMode = (value: string): value is IntakeMode => (INTAKE_MODES as readonly string[]).includes(value);

export function filtersOf(params: URLSearchParams): ListFilters {
  const status = params.get('status') ?? '';
  const page = Number(params.get('page') ?? '1');
  const mode = params.get('mode') ?? '';
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    status: isStatus(status) ? status : '',
    folder: params.get('folder') ?? '',
    mode: isMode(mode) ? mode : '',
    client: (params.get('client') ?? '').trim().slice(0, 254),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address's parameters for `filters`: defaults left out. */
export function paramsOf(filters: ListFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.status) params.set('status', filters.status);
  if (filters.folder) params.set('folder', filters.folder);
  if (filters.mode) params.set('mode', filters.mode);
  if (filters.client) params.set('client', filters.client);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** GET /v1/intakes's query for `filters` (a blank search is no search: the API takes 1 to 100 characters). */
export function listQueryOf(filters: ListFilters): ListQuery {
  const q = filters.q.trim();
  return {
    ...(q ? { q } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.folder ? { folder_id: filters.folder } : {}),
    ...(filters.mode ? { mode: filters.mode } : {}),
    ...(filters.client ? { client_email: filters.client } : {}),
    limit: PAGE_SIZE,
    offset: (filters.page - 1) * PAGE_SIZE,
  };
}

/** How many pages `total` intakes fill (at least one, so the pager never shows zero). */
export const pageCount = (total: number): number => Math.max(1, Math.ceil(total / PAGE_SIZE));

/** A progress bar's share in percent, 0 for an intake without items. */
export const percent = (done: number, total: number): number => (total > 0 ? Math.round((done / total) * 100) : 0);
