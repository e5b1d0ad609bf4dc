import { type Message } from '@intake/domain-messages';

/**
 * Every string of the e-mails (and the text messages), in English: the reference catalogue.
 * Placeholders: `{sender}` (the account's sender name), `{account}`, `{project}`, `{name}` (the
 * addressee), `{client}` (the client's name or address, in the owner's mails), `{item}`, `{date}`,
 * `{address}`, `{subject}`, `{link}` (the portal link of a text message) and the count `{n}`.
 * Client mails address the client formally.
 */
export const en = {
  // Sender and preview.
  from_name: '{sender} from {account}',
  placeholder_project: 'Sample project',

  // Parts every client mail shares.
  greeting: 'Hello {name},',
  greeting_anonymous: 'Hello,',
  due: 'Please send everything by {date}.',
  button_open: 'Open the request',
  button_review: 'See what you sent',
  link_fallback: 'If the button does not work, copy this link into your browser:',
  signoff: 'Kind regards,\n{sender}',
  footer_reason:
    'You are receiving this e-mail because {sender} is collecting materials for {project} through a client portal. ' +
    'The link is meant for you alone: please do not forward it.',
  footer_reply: 'If you have a question, simply reply to this e-mail and it will reach {sender}.',
  footer_no_reply: 'This e-mail was sent automatically; replies to it are not read.',
  items_requested: { one: 'We need {n} item from you:', other: 'We need {n} items from you:' },
  items_missing: { one: '{n} item is still missing:', other: '{n} items are still missing:' },
  items_new: { one: '{n} new item:', other: '{n} new items:' },

  // Invitation (chase kind invite).
  invite_subject: 'Materials for {project}',
  invite_intro:
    '{sender} is asking you for a few things for {project}. You can send everything in one place, ' +
    'without creating an account.',

  // Reminder (chase kind reminder) and a reminder the owner sends by hand (chase kind manual).
  reminder_subject: 'Reminder: materials for {project}',
  reminder_subject_custom: 'Reminder: {subject}',
  reminder_intro: 'This is a friendly reminder that some materials for {project} are still missing.',
  manual_subject: '{sender} is asking about {project}',
  manual_intro: '{sender} would like to remind you personally about the materials for {project}.',

  // A reminder the owner sends by hand as a text message (chase kind manual, channel sms): one short line.
  sms_manual: '{sender}: some materials for {project} are still missing. Please send them here: {link}',

  // Revision (chase kind revision).
  revision_subject: 'Please revise “{item}” for {project}',
  revision_intro: '{sender} has looked at “{item}” for {project} and asks you to change it.',
  revision_note: 'What needs to change:',

  // Items added to a sent intake.
  items_added_subject: 'More materials needed for {project}',
  items_added_intro: '{sender} needs a few more things from you for {project}.',

  // Thank-you on completion.
  thank_you_subject: 'Thank you – {project} is complete',
  thank_you_intro: 'Thank you! {sender} has received everything needed for {project}.',
  thank_you_next: 'There is nothing more for you to do. You can still look through what you sent.',

  // Notifications to the account owner.
  owner_greeting: 'Hello,',
  owner_open: 'Open the intake',
  owner_footer: 'You are receiving this notification about an intake of {account}.',
  owner_missing: { one: '{n} required item is outstanding:', other: '{n} required items are outstanding:' },
  completed_subject: '{client} has sent everything for {project}',
  completed_intro: 'All required items for {project} are in. You can review them and collect the results.',
  stalled_subject: 'No reply from {client}: {project}',
  stalled_intro: {
    one: '{client} has not finished {project} after {n} reminder, so reminders have stopped.',
    other: '{client} has not finished {project} after {n} reminders, so reminders have stopped.',
  },
  stalled_next: 'You can contact the client yourself, or raise the reminder limit to resume the reminders.',
  overdue_subject: 'Overdue: {project}',
  overdue_intro: 'The due date of {project}, {date}, has passed and {client} has not sent everything yet.',
  bounced_subject: 'E-mails to {address} are not getting through ({project})',
  bounced_intro: 'Our e-mails to {address} about {project} could not be delivered.',
  complained_subject: '{address} marked our e-mail as spam ({project})',
  complained_intro: 'The recipient at {address} marked our e-mail about {project} as spam.',
  bounced_retired: 'We will not write to this address again unless you reinstate it in the intake.',
  bounced_still_chasing: 'The other recipients still receive the reminders.',
  bounced_nobody_left:
    'Nobody is left to remind, so the reminders have stopped. Check the address and reinstate it, or add another recipient.',
} as const satisfies Record<string, Message>;

export type ChaseMailKey = keyof typeof en;
