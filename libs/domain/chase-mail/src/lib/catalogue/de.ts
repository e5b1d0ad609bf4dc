import { type Catalogue } from '@intake/domain-messages';
import { type ChaseMailKey } from './en';

/** German: formal address (Sie). */
export const de: Catalogue<ChaseMailKey> = {
  from_name: '{sender} von {account}',
  placeholder_project: 'Beispielprojekt',

  greeting: 'Guten Tag {name},',
  greeting_anonymous: 'Guten Tag,',
  due: 'Bitte senden Sie uns alles bis zum {date}.',
  button_open: 'Anfrage öffnen',
  button_review: 'Gesendete Unterlagen ansehen',
  link_fallback: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:',
  signoff: 'Mit freundlichen Grüßen\n{sender}',
  footer_reason:
    'Sie erhalten diese E-Mail, weil {sender} über ein Kundenportal Unterlagen für {project} sammelt. ' +
    'Der Link ist nur für Sie bestimmt: Bitte leiten Sie ihn nicht weiter.',
  footer_reply: 'Bei Fragen antworten Sie einfach auf diese E-Mail; Ihre Antwort erreicht {sender}.',
  footer_no_reply: 'Diese E-Mail wurde automatisch versendet; Antworten darauf werden nicht gelesen.',
  items_requested: { one: 'Wir benötigen {n} Punkt von Ihnen:', other: 'Wir benötigen {n} Punkte von Ihnen:' },
  items_missing: { one: 'Es fehlt noch {n} Punkt:', other: 'Es fehlen noch {n} Punkte:' },
  items_new: { one: '{n} neuer Punkt:', other: '{n} neue Punkte:' },

  invite_subject: 'Unterlagen für {project}',
  invite_intro:
    '{sender} bittet Sie um einige Unterlagen für {project}. Sie können alles an einer Stelle senden, ' +
    'ohne ein Konto anzulegen.',

  reminder_subject: 'Erinnerung: Unterlagen für {project}',
  reminder_subject_custom: 'Erinnerung: {subject}',
  reminder_intro: 'Wir möchten Sie freundlich daran erinnern, dass für {project} noch einige Unterlagen fehlen.',
  manual_subject: '{sender} fragt nach den Unterlagen für {project}',
  manual_intro: '{sender} möchte Sie persönlich an die Unterlagen für {project} erinnern.',
  sms_manual: '{sender}: Für {project} fehlen noch Unterlagen. Bitte senden Sie sie hier: {link}',

  revision_subject: 'Bitte überarbeiten: „{item}“ ({project})',
  revision_intro: '{sender} hat sich „{item}“ für {project} angesehen und bittet Sie um eine Änderung.',
  revision_note: 'Was geändert werden muss:',

  items_added_subject: 'Weitere Unterlagen für {project} benötigt',
  items_added_intro: '{sender} benötigt für {project} noch einige weitere Dinge von Ihnen.',

  thank_you_subject: 'Vielen Dank – {project} ist vollständig',
  thank_you_intro: 'Vielen Dank! {sender} hat alles erhalten, was für {project} benötigt wird.',
  thank_you_next: 'Sie müssen nichts weiter tun. Ihre gesendeten Unterlagen können Sie sich weiterhin ansehen.',

  owner_greeting: 'Guten Tag,',
  owner_open: 'Anfrage öffnen',
  owner_footer: 'Sie erhalten diese Benachrichtigung zu einer Anfrage von {account}.',
  owner_missing: { one: 'Es fehlt noch {n} Pflichtpunkt:', other: 'Es fehlen noch {n} Pflichtpunkte:' },
  completed_subject: '{client} hat alles für {project} gesendet',
  completed_intro:
    'Alle Pflichtpunkte für {project} sind eingegangen. Sie können sie prüfen und die Ergebnisse abholen.',
  stalled_subject: 'Keine Antwort von {client}: {project}',
  stalled_intro: {
    one: '{client} hat {project} auch nach {n} Erinnerung nicht abgeschlossen, daher wurden die Erinnerungen eingestellt.',
    other:
      '{client} hat {project} auch nach {n} Erinnerungen nicht abgeschlossen, daher wurden die Erinnerungen eingestellt.',
  },
  stalled_next:
    'Sie können den Kunden selbst kontaktieren oder das Erinnerungslimit erhöhen, damit die Erinnerungen weiterlaufen.',
  overdue_subject: 'Überfällig: {project}',
  overdue_intro: 'Der Termin für {project}, der {date}, ist verstrichen, und {client} hat noch nicht alles gesendet.',
  bounced_subject: 'E-Mails an {address} kommen nicht an ({project})',
  bounced_intro: 'Unsere E-Mails an {address} zu {project} konnten nicht zugestellt werden.',
  complained_subject: '{address} hat unsere E-Mail als Spam markiert ({project})',
  complained_intro: 'Der Empfänger unter {address} hat unsere E-Mail zu {project} als Spam markiert.',
  bounced_retired: 'Wir schreiben diese Adresse nicht mehr an, bis Sie sie in der Anfrage wieder freigeben.',
  bounced_still_chasing: 'Die anderen Empfänger erhalten die Erinnerungen weiterhin.',
  bounced_nobody_left:
    'Es ist niemand mehr übrig, den wir erinnern können, daher wurden die Erinnerungen eingestellt. Prüfen Sie ' +
    'die Adresse und geben Sie sie wieder frei, oder fügen Sie einen weiteren Empfänger hinzu.',
};
