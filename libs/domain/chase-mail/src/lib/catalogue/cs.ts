import { type Catalogue } from '@intake/domain-messages';
import { type ChaseMailKey } from './en';

/** Czech: formal address (vykání); names stay in the nominative, so sentences avoid declining them. */
export const cs: Catalogue<ChaseMailKey> = {
  from_name: '{sender} ({account})',
  placeholder_project: 'Ukázkový projekt',

  greeting: 'Dobrý den, {name},',
  greeting_anonymous: 'Dobrý den,',
  due: 'Pošlete nám prosím vše do {date}.',
  button_open: 'Otevřít žádost',
  button_review: 'Zobrazit, co jste poslali',
  link_fallback: 'Pokud tlačítko nefunguje, zkopírujte tento odkaz do prohlížeče:',
  signoff: 'S pozdravem\n{sender}',
  footer_reason:
    'Tento e-mail dostáváte, protože {sender} shromažďuje podklady k projektu {project} přes klientský portál. ' +
    'Odkaz je určen jen vám, nepřeposílejte ho prosím.',
  footer_reply: 'Máte-li dotaz, stačí odpovědět na tento e-mail; odpověď dostane {sender}.',
  footer_no_reply: 'Tento e-mail byl odeslán automaticky, odpovědi na něj nikdo nečte.',
  items_requested: {
    one: 'Potřebujeme od vás {n} položku:',
    few: 'Potřebujeme od vás {n} položky:',
    other: 'Potřebujeme od vás {n} položek:',
  },
  items_missing: {
    one: 'Stále chybí {n} položka:',
    few: 'Stále chybí {n} položky:',
    other: 'Stále chybí {n} položek:',
  },
  items_new: { one: '{n} nová položka:', few: '{n} nové položky:', other: '{n} nových položek:' },

  invite_subject: 'Podklady k projektu {project}',
  invite_intro:
    '{sender} vás žádá o několik podkladů k projektu {project}. Vše můžete poslat na jednom místě, ' +
    'bez zakládání účtu.',

  reminder_subject: 'Připomínka: podklady k projektu {project}',
  reminder_subject_custom: 'Připomínka: {subject}',
  reminder_intro: 'Dovolujeme si vám připomenout, že k projektu {project} stále chybí některé podklady.',
  manual_subject: '{sender} se ptá na podklady k projektu {project}',
  manual_intro: '{sender} vám osobně připomíná podklady k projektu {project}.',
  sms_manual: '{sender}: k projektu {project} stále chybí některé podklady. Pošlete je prosím zde: {link}',

  revision_subject: 'Prosíme o úpravu: „{item}“ (projekt {project})',
  revision_intro: '{sender} vás prosí o úpravu položky „{item}“ k projektu {project}.',
  revision_note: 'Co je potřeba změnit:',

  items_added_subject: 'Další podklady k projektu {project}',
  items_added_intro: '{sender} od vás k projektu {project} potřebuje ještě několik dalších věcí.',

  thank_you_subject: 'Děkujeme – podklady k projektu {project} jsou kompletní',
  thank_you_intro: 'Děkujeme! {sender} má k projektu {project} vše potřebné.',
  thank_you_next: 'Už nemusíte nic dělat. Odeslané podklady si můžete dál prohlížet.',

  owner_greeting: 'Dobrý den,',
  owner_open: 'Otevřít žádost',
  owner_footer: 'Toto upozornění dostáváte k žádosti účtu {account}.',
  owner_missing: {
    one: 'Chybí {n} povinná položka:',
    few: 'Chybí {n} povinné položky:',
    other: 'Chybí {n} povinných položek:',
  },
  completed_subject: 'Klient {client} poslal vše k projektu {project}',
  completed_intro:
    'Všechny povinné položky projektu {project} jsou odeslané. Můžete je zkontrolovat a převzít výsledky.',
  stalled_subject: 'Klient {client} neodpovídá: {project}',
  stalled_intro: {
    one: 'Klient {client} nedokončil projekt {project} ani po {n} připomínce, proto jsme připomínky zastavili.',
    few: 'Klient {client} nedokončil projekt {project} ani po {n} připomínkách, proto jsme připomínky zastavili.',
    other: 'Klient {client} nedokončil projekt {project} ani po {n} připomínkách, proto jsme připomínky zastavili.',
  },
  stalled_next: 'Můžete klienta kontaktovat sami, nebo zvýšit limit připomínek, a připomínky tak obnovit.',
  overdue_subject: 'Po termínu: {project}',
  overdue_intro: 'Termín projektu {project}, {date}, uplynul a klient {client} ještě neposlal vše.',
  bounced_subject: 'E-maily na adresu {address} se nedaří doručit ({project})',
  bounced_intro: 'Naše e-maily na adresu {address} k projektu {project} se nepodařilo doručit.',
  complained_subject: 'Adresát {address} označil náš e-mail jako spam ({project})',
  complained_intro: 'Adresát {address} označil náš e-mail k projektu {project} jako spam.',
  bounced_retired: 'Na tuto adresu už nebudeme psát, dokud ji v žádosti znovu nepovolíte.',
  bounced_still_chasing: 'Ostatní příjemci připomínky dostávají dál.',
  bounced_nobody_left:
    'Nezbyl nikdo, komu připomínat, proto se připomínky zastavily. Zkontrolujte adresu a znovu ji povolte, ' +
    'nebo přidejte dalšího příjemce.',
};
