/** Where a call came from, for the audit log. */
export interface RequestMeta {
  ip: string | null;
  requestId: string | null;
}
