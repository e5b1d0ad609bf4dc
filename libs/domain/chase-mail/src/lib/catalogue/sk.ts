import { type Catalogue } from '@intake/domain-messages';
import { type ChaseMailKey } from './en';

/** Slovak: formal address (vykanie); names stay in the nominative, so sentences avoid declining them. */
export const sk: Catalogue<ChaseMailKey> = {
  from_name: '{sender} ({account})',
  placeholder_project: 'Ukážkový projekt',

  greeting: 'Dobrý deň, {name},',
  greeting_anonymous: 'Dobrý deň,',
  due: 'Pošlite nám, prosím, všetko do {date}.',
  button_open: 'Otvoriť žiadosť',
  button_review: 'Zobraziť, čo ste poslali',
  link_fallback: 'Ak tlačidlo nefunguje, skopírujte tento odkaz do prehliadača:',
  signoff: 'S pozdravom\n{sender}',
  footer_reason:
    'Tento e-mail dostávate, pretože {sender} zbiera podklady k projektu {project} cez klientsky portál. ' +
    'Odkaz je určený len vám, neposielajte ho, prosím, ďalej.',
  footer_reply: 'Ak máte otázku, stačí odpovedať na tento e-mail; odpoveď dostane {sender}.',
  footer_no_reply: 'Tento e-mail bol odoslaný automaticky, odpovede naň nikto nečíta.',
  items_requested: {
    one: 'Potrebujeme od vás {n} položku:',
    few: 'Potrebujeme od vás {n} položky:',
    other: 'Potrebujeme od vás {n} položiek:',
  },
  items_missing: {
    one: 'Stále chýba {n} položka:',
    few: 'Stále chýbajú {n} položky:',
    other: 'Stále chýba {n} položiek:',
  },
  items_new: { one: '{n} nová položka:', few: '{n} nové položky:', other: '{n} nových položiek:' },

  invite_subject: 'Podklady k projektu {project}',
  invite_intro:
    '{sender} vás žiada o niekoľko podkladov k projektu {project}. Všetko môžete poslať na jednom mieste, ' +
    'bez zakladania účtu.',

  reminder_subject: 'Pripomienka: podklady k projektu {project}',
  reminder_subject_custom: 'Pripomienka: {subject}',
  reminder_intro: 'Dovoľujeme si vám pripomenúť, že k projektu {project} stále chýbajú niektoré podklady.',
  manual_subject: '{sender} sa pýta na podklady k projektu {project}',
  manual_intro: '{sender} vám osobne pripomína podklady k projektu {project}.',
  sms_manual: '{sender}: k projektu {project} stále chýbajú niektoré podklady. Pošlite ich, prosím, sem: {link}',

  revision_subject: 'Prosíme o úpravu: „{item}“ (projekt {project})',
  revision_intro: '{sender} vás prosí o úpravu položky „{item}“ k projektu {project}.',
  revision_note: 'Čo treba zmeniť:',

  items_added_subject: 'Ďalšie podklady k projektu {project}',
  items_added_intro: '{sender} od vás k projektu {project} potrebuje ešte niekoľko ďalších vecí.',

  thank_you_subject: 'Ďakujeme – podklady k projektu {project} sú kompletné',
  thank_you_intro: 'Ďakujeme! {sender} má k projektu {project} všetko potrebné.',
  thank_you_next: 'Už nemusíte nič robiť. Odoslané podklady si môžete ďalej prezerať.',

  owner_greeting: 'Dobrý deň,',
  owner_open: 'Otvoriť žiadosť',
  owner_footer: 'Toto upozornenie dostávate k žiadosti účtu {account}.',
  owner_missing: {
    one: 'Chýba {n} povinná položka:',
    few: 'Chýbajú {n} povinné položky:',
    other: 'Chýba {n} povinných položiek:',
  },
  completed_subject: 'Klient {client} poslal všetko k projektu {project}',
  completed_intro:
    'Všetky povinné položky projektu {project} sú odoslané. Môžete ich skontrolovať a prevziať výsledky.',
  stalled_subject: 'Klient {client} neodpovedá: {project}',
  stalled_intro: {
    one: 'Klient {client} nedokončil projekt {project} ani po {n} pripomienke, preto sme pripomienky zastavili.',
    few: 'Klient {client} nedokončil projekt {project} ani po {n} pripomienkach, preto sme pripomienky zastavili.',
    other: 'Klient {client} nedokončil projekt {project} ani po {n} pripomienkach, preto sme pripomienky zastavili.',
  },
  stalled_next: 'Môžete klienta kontaktovať sami alebo zvýšiť limit pripomienok, a pripomienky tak obnoviť.',
  overdue_subject: 'Po termíne: {project}',
  overdue_intro: 'Termín projektu {project}, {date}, uplynul a klient {client} ešte neposlal všetko.',
  bounced_subject: 'E-maily na adresu {address} sa nedarí doručiť ({project})',
  bounced_intro: 'Naše e-maily na adresu {address} k projektu {project} sa nepodarilo doručiť.',
  complained_subject: 'Adresát {address} označil náš e-mail ako spam ({project})',
  complained_intro: 'Adresát {address} označil náš e-mail k projektu {project} ako spam.',
  bounced_retired: 'Na túto adresu už nebudeme písať, kým ju v žiadosti znova nepovolíte.',
  bounced_still_chasing: 'Ostatní príjemcovia pripomienky dostávajú ďalej.',
  bounced_nobody_left:
    'Nezostal nikto, komu pripomínať, preto sa pripomienky zastavili. Skontrolujte adresu a znova ju povoľte ' +
    'alebo pridajte ďalšieho príjemcu.',
};
