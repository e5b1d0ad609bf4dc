import { type OwnerMailKind } from './model';
import { renderOwnerMail } from './owner-mails';
import { lines, OWNER_MAILS } from '../../test/fixtures';

type Golden = Record<OwnerMailKind, { subject: string; text: string[] }>;

/** The owner notifications word for word, in English and German: one of every kind (test/fixtures.ts). */
const GOLDEN: Record<'en' | 'de', Golden> = {
  en: {
    intake_completed: {
      subject: 'Anna Berger has sent everything for Bakery website',
      text: [
        'Hello,',
        '',
        'All required items for Bakery website are in. You can review them and collect the results.',
        '',
        'Open the intake:',
        'https://app.example/intakes/in_1',
        '',
        '-- ',
        'You are receiving this notification about an intake of Studio Nova.',
      ],
    },
    intake_stalled: {
      subject: 'No reply from Anna Berger: Bakery website',
      text: [
        'Hello,',
        '',
        'Anna Berger has not finished Bakery website after 3 reminders, so reminders have stopped.',
        '',
        '2 required items are outstanding:',
        '- Logo',
        '- Menu',
        '',
        'You can contact the client yourself, or raise the reminder limit to resume the reminders.',
        '',
        'Open the intake:',
        'https://app.example/intakes/in_1',
        '',
        '-- ',
        'You are receiving this notification about an intake of Studio Nova.',
      ],
    },
    intake_overdue: {
      subject: 'Overdue: Bakery website',
      text: [
        'Hello,',
        '',
        'The due date of Bakery website, March 31, 2027, has passed and Anna Berger has not sent everything yet.',
        '',
        '1 required item is outstanding:',
        '- Logo',
        '',
        'Open the intake:',
        'https://app.example/intakes/in_1',
        '',
        '-- ',
        'You are receiving this notification about an intake of Studio Nova.',
      ],
    },
    client_bounced: {
      subject: 'E-mails to anna@bakery.example are not getting through (Bakery website)',
      text: [
        'Hello,',
        '',
        'Our e-mails to anna@bakery.example about Bakery website could not be delivered.',
        '',
        'We will not write to this address again unless you reinstate it in the intake.',
        '',
        'Nobody is left to remind, so the reminders have stopped. Check the address and reinstate it, or add another recipient.',
        '',
        'Open the intake:',
        'https://app.example/intakes/in_1',
        '',
        '-- ',
        'You are receiving this notification about an intake of Studio Nova.',
      ],
    },
  },
  de: {
    intake_completed: {
      subject: 'Anna Berger hat alles für Bakery website gesendet',
      text: [
        'Guten Tag,',
        '',
        'Alle Pflichtpunkte für Bakery website sind eingegangen. Sie können sie prüfen und die Ergebnisse abholen.',
        '',
        'Anfrage öffnen:',
        'https://app.example/intakes/in_1',
        '',
        '-- ',
        'Sie erhalten diese Benachrichtigung zu einer Anfrage von Studio Nova.',
      ],
    },
    intake_stalled: {
      subject: 'Keine Antwort von Anna Berger: Bakery website',
      text: [
        'Guten Tag,',
        '',
        'Anna Berger hat Bakery website auch nach 3 Erinnerungen nicht abgeschlossen, daher wurden die Erinnerungen eingestellt.',
        '',
        'Es fehlen noch 2 Pflichtpunkte:',
        '- Logo',
        '- Menu',
        '',
        'Sie können den Kunden selbst kontaktieren oder das Erinnerungslimit erhöhen, damit die Erinnerungen weiterlaufen.',
        '',
        'Anfrage öffnen:',
        'https://app.example/intakes/in_1',
        '',
        '-- ',
        'Sie erhalten diese Benachrichtigung zu einer Anfrage von Studio Nova.',
      ],
    },
    intake_overdue: {
      subject: 'Überfällig: Bakery website',
      text: [
        'Guten Tag,',
        '',
        'Der Termin für Bakery website, der 31. März 2027, ist verstrichen, und Anna Berger hat noch nicht alles gesendet.',
        '',
        'Es fehlt noch 1 Pflichtpunkt:',
        '- Logo',
        '',
        'Anfrage öffnen:',
        'https://app.example/intakes/in_1',
        '',
        '-- ',
        'Sie erhalten diese Benachrichtigung zu einer Anfrage von Studio Nova.',
      ],
    },
    client_bounced: {
      subject: 'E-Mails an anna@bakery.example kommen nicht an (Bakery website)',
      text: [
        'Guten Tag,',
        '',
        'Unsere E-Mails an anna@bakery.example zu Bakery website konnten nicht zugestellt werden.',
        '',
        'Wir schreiben diese Adresse nicht mehr an, bis Sie sie in der Anfrage wieder freigeben.',
        '',
        'Es ist niemand mehr übrig, den wir erinnern können, daher wurden die Erinnerungen eingestellt. Prüfen Sie die Adresse und geben Sie sie wieder frei, oder fügen Sie einen weiteren Empfänger hinzu.',
        '',
        'Anfrage öffnen:',
        'https://app.example/intakes/in_1',
        '',
        '-- ',
        'Sie erhalten diese Benachrichtigung zu einer Anfrage von Studio Nova.',
      ],
    },
  },
};

describe.each(['en', 'de'] as const)('owner notifications in %s (golden)', (language) => {
  it.each(OWNER_MAILS.map((mail) => [mail.kind, mail] as const))('%s', (kind, mail) => {
    const rendered = renderOwnerMail({ ...mail, language });
    expect(rendered.language).toBe(language);
    expect(rendered.subject).toBe(GOLDEN[language][kind].subject);
    expect(rendered.text).toBe(lines(...GOLDEN[language][kind].text));
  });
});
