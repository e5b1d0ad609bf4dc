import { formatCalendarDay, type Language, resolveLanguage, type Translate, translator } from '@intake/domain-messages';
import { CHASE_MAIL_CATALOGUES, type ChaseMailKey } from './catalogue';
import { type Block, oneLine, renderBodies } from './layout';
import { type ClientMail, type EmailCopy, type RenderedMail } from './model';
import { senderOf } from './sender';

/** The owner's own subject and intro, when not blank. */
function customCopy(copy: EmailCopy | null | undefined): { subject?: string; intro?: string } {
  const subject = oneLine(copy?.subject ?? '');
  const intro = (copy?.intro ?? '').trim();
  return { ...(subject && { subject }), ...(intro && { intro }) };
}

interface Content {
  subject: string;
  intro: string;
  /** What comes between the intro and the due date: the items, the note, a closing line. */
  body: Block[];
  button: ChaseMailKey;
}

const list = (t: Translate<ChaseMailKey>, key: ChaseMailKey, items: readonly string[] | undefined): Block[] =>
  items?.length ? [{ type: 'list', heading: t(key, { n: items.length }), items }] : [];

function contentOf(mail: ClientMail, t: Translate<ChaseMailKey>, names: { sender: string; project: string }): Content {
  const copy = customCopy(mail.email_copy);
  const reminderSubject = (key: ChaseMailKey) =>
    copy.subject ? t('reminder_subject_custom', { subject: copy.subject }) : t(key, names);
  switch (mail.kind) {
    case 'invite':
      return {
        subject: copy.subject ?? t('invite_subject', names),
        intro: copy.intro ?? t('invite_intro', names),
        body: list(t, 'items_requested', mail.requested_items),
        button: 'button_open',
      };
    case 'reminder':
    case 'manual':
      return {
        subject: reminderSubject(mail.kind === 'reminder' ? 'reminder_subject' : 'manual_subject'),
        intro: t(mail.kind === 'reminder' ? 'reminder_intro' : 'manual_intro', names),
        body: list(t, 'items_missing', mail.missing_items),
        button: 'button_open',
      };
    case 'revision': {
      const item = oneLine(mail.item_label);
      const note = (mail.note ?? '').trim();
      return {
        subject: t('revision_subject', { ...names, item }),
        intro: t('revision_intro', { ...names, item }),
        body: note ? [{ type: 'quote', heading: t('revision_note'), text: note }] : [],
        button: 'button_open',
      };
    }
    case 'items_added':
      return {
        subject: t('items_added_subject', names),
        intro: t('items_added_intro', names),
        body: list(t, 'items_new', mail.added_items),
        button: 'button_open',
      };
    case 'thank_you':
      return {
        subject: t('thank_you_subject', names),
        intro: t('thank_you_intro', names),
        body: [{ type: 'paragraph', text: t('thank_you_next') }],
        button: 'button_review',
      };
  }
}

/**
 * A mail to the client (or an additional recipient) in their language: client.language, else the
 * account's default_language, else English.
 */
export function renderClientMail(mail: ClientMail): RenderedMail {
  const language: Language = resolveLanguage(mail.language, mail.account.default_language);
  const t = translator(CHASE_MAIL_CATALOGUES[language], language);
  const names = { sender: senderOf(mail.account).sender_name, project: oneLine(mail.project_name) };
  const content = contentOf(mail, t, names);
  const name = oneLine(mail.recipient_name ?? '');
  const due = mail.due_date && mail.kind !== 'thank_you' ? formatCalendarDay(mail.due_date, language) : '';
  const blocks: Block[] = [
    { type: 'paragraph', text: name ? t('greeting', { name }) : t('greeting_anonymous') },
    { type: 'paragraph', text: content.intro },
    ...content.body,
    ...(due ? [{ type: 'paragraph' as const, text: t('due', { date: due }) }] : []),
    { type: 'button', label: t(content.button), url: mail.portal_url, fallback: t('link_fallback') },
    { type: 'paragraph', text: t('signoff', names) },
    {
      type: 'footer',
      lines: [t('footer_reason', names), mail.reply_to?.trim() ? t('footer_reply', names) : t('footer_no_reply')],
    },
  ];
  const subject = oneLine(content.subject);
  const theme = mail.branding
    ? { accent: mail.branding.accent_color, display_name: mail.branding.display_name, logo_url: mail.branding.logo_url }
    : {};
  return { language, subject, ...renderBodies(language, subject, blocks, theme) };
}
