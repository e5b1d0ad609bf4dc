import { formatCalendarDay, type Language, resolveLanguage, type Translate, translator } from '@intake/domain-messages';
import { CHASE_MAIL_CATALOGUES, type ChaseMailKey } from './catalogue';
import { type Block, oneLine, renderBodies } from './layout';
import { type OwnerMail, type RenderedMail } from './model';

interface Content {
  subject: string;
  body: Block[];
}

type Names = { project: string; client: string };

const paragraph = (text: string): Block => ({ type: 'paragraph', text });

function missing(t: Translate<ChaseMailKey>, items: readonly string[]): Block[] {
  return items.length ? [{ type: 'list', heading: t('owner_missing', { n: items.length }), items }] : [];
}

function contentOf(mail: OwnerMail, t: Translate<ChaseMailKey>, names: Names, language: Language): Content {
  switch (mail.kind) {
    case 'intake_completed':
      return { subject: t('completed_subject', names), body: [paragraph(t('completed_intro', names))] };
    case 'intake_stalled':
      return {
        subject: t('stalled_subject', names),
        body: [
          paragraph(t('stalled_intro', { ...names, n: mail.reminders_sent })),
          ...missing(t, mail.missing_items),
          paragraph(t('stalled_next')),
        ],
      };
    case 'intake_overdue':
      return {
        subject: t('overdue_subject', names),
        body: [
          paragraph(t('overdue_intro', { ...names, date: formatCalendarDay(mail.due_date, language) })),
          ...missing(t, mail.outstanding_items),
        ],
      };
    case 'client_bounced': {
      const params = { ...names, address: oneLine(mail.address) };
      const complained = mail.event_type === 'complained';
      return {
        subject: t(complained ? 'complained_subject' : 'bounced_subject', params),
        body: [
          paragraph(t(complained ? 'complained_intro' : 'bounced_intro', params)),
          paragraph(t('bounced_retired')),
          paragraph(t(mail.still_chasing ? 'bounced_still_chasing' : 'bounced_nobody_left')),
        ],
      };
    }
  }
}

/**
 * A notification to the account owner, in the owner's language when given, else the account's
 * default_language, else English.
 */
export function renderOwnerMail(mail: OwnerMail): RenderedMail {
  const language = resolveLanguage(mail.language, mail.account.default_language);
  const t = translator(CHASE_MAIL_CATALOGUES[language], language);
  const names = {
    project: oneLine(mail.project_name),
    client: oneLine(mail.client.name ?? '') || oneLine(mail.client.email),
  };
  const content = contentOf(mail, t, names, language);
  const subject = oneLine(content.subject);
  const blocks: Block[] = [
    paragraph(t('owner_greeting')),
    ...content.body,
    { type: 'button', label: t('owner_open'), url: mail.intake_url, fallback: t('link_fallback') },
    { type: 'footer', lines: [t('owner_footer', { account: oneLine(mail.account.name) })] },
  ];
  return { language, subject, ...renderBodies(language, subject, blocks) };
}
