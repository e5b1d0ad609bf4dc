import {
  type AccountRecord,
  type ApiKeyRecord,
  type InvitationRecord,
  type UserRecord,
} from '@intake/application-accounts';
import { type AuditEntry } from '@intake/kernel';
import {
  type AccountView,
  type ApiKeyView,
  type AuditEntryView,
  type InvitationView,
  type UserView,
} from './accounts.dto';

const iso = (d: Date) => new Date(d).toISOString();
const isoOrNull = (d: Date | null) => (d ? iso(d) : null);

export const userView = (u: UserRecord): UserView => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  created_at: iso(u.created_at),
});

export const accountView = (a: AccountRecord): AccountView => ({
  id: a.id,
  name: a.name,
  plan: a.plan,
  default_language: a.default_language,
  default_timezone: a.default_timezone,
  sender_name: a.sender_name,
  notify_on_completed: a.notify_on_completed,
  notify_on_stalled: a.notify_on_stalled,
  notify_on_overdue: a.notify_on_overdue,
  notify_on_bounced: a.notify_on_bounced,
  notify_members: a.notify_members,
  send_thank_you: a.send_thank_you,
  branding: a.branding,
  created_at: iso(a.created_at),
  updated_at: iso(a.updated_at),
});

export const apiKeyView = (k: ApiKeyRecord): ApiKeyView => ({
  id: k.id,
  name: k.name,
  mode: k.mode,
  scopes: k.scopes,
  prefix: k.prefix,
  last4: k.last4,
  created_at: iso(k.created_at),
  last_used_at: isoOrNull(k.last_used_at),
  revoked_at: isoOrNull(k.revoked_at),
});

export const invitationView = (i: InvitationRecord): InvitationView => ({
  id: i.id,
  email: i.email,
  name: i.name,
  created_at: iso(i.created_at),
  expires_at: iso(i.expires_at),
});

export const auditEntryView = (e: AuditEntry): AuditEntryView => ({
  id: e.id,
  at: iso(e.at),
  actor: { type: e.actor_type, id: e.actor_id, mode: e.actor_mode },
  action: e.action,
  target_id: e.target_id,
  ip: e.ip,
  request_id: e.request_id,
  summary: e.summary,
});
