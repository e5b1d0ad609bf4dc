import { type ClientMail, type MailAccount, type OwnerMail } from '../src/lib/model';

/** Test data shared by the mail tests: one mail of every kind, in the language the test sets. */
export const ACCOUNT: MailAccount = { name: 'Studio Nova', sender_name: 'Jana Nováková', default_language: 'en' };

const client = {
  account: ACCOUNT,
  project_name: 'Bakery website',
  recipient_name: 'Anna Berger',
  portal_url: 'https://portal.example/p/AbC123',
  reply_to: 'jana@studio.example',
  due_date: '2027-03-31',
};

export const CLIENT_MAILS = [
  { ...client, kind: 'invite', requested_items: ['Logo', 'About us text', 'Opening hours'] },
  { ...client, kind: 'reminder', missing_items: ['Logo', 'Opening hours'] },
  { ...client, kind: 'manual', missing_items: ['Logo'] },
  { ...client, kind: 'revision', item_label: 'Logo', note: 'Please send it as SVG.\nThe PNG is too small.' },
  { ...client, kind: 'items_added', added_items: ['Team photos', 'Price list', 'Menu', 'Map', 'Video'] },
  { ...client, kind: 'thank_you' },
] as const satisfies readonly ClientMail[];

const owner = {
  account: ACCOUNT,
  project_name: 'Bakery website',
  client: { name: 'Anna Berger', email: 'anna@bakery.example' },
  intake_url: 'https://app.example/intakes/in_1',
};

export const OWNER_MAILS = [
  { ...owner, kind: 'intake_completed' },
  { ...owner, kind: 'intake_stalled', reminders_sent: 3, missing_items: ['Logo', 'Menu'] },
  { ...owner, kind: 'intake_overdue', due_date: '2027-03-31', outstanding_items: ['Logo'] },
  { ...owner, kind: 'client_bounced', address: 'anna@bakery.example', event_type: 'bounced', still_chasing: false },
] as const satisfies readonly OwnerMail[];

/** Lines of a text body, as the renderer ends it. */
export const lines = (...text: string[]): string => text.join('\n') + '\n';
