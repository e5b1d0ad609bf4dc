import { type Catalogue } from '@intake/domain-messages';
import { type ChaseMailKey } from './en';

/**
 * Polish: formal and gender-neutral, by "Państwo" and impersonal forms (as the portal page does);
 * names stay in the nominative, so sentences avoid declining them.
 */
export const pl: Catalogue<ChaseMailKey> = {
  from_name: '{sender} ({account})',
  placeholder_project: 'Przykładowy projekt',

  greeting: 'Dzień dobry, {name},',
  greeting_anonymous: 'Dzień dobry,',
  due: 'Prosimy o przesłanie wszystkiego do {date}.',
  button_open: 'Przejdź do prośby',
  button_review: 'Zobacz przesłane materiały',
  link_fallback: 'Jeśli przycisk nie działa, prosimy skopiować ten link do przeglądarki:',
  signoff: 'Z poważaniem\n{sender}',
  footer_reason:
    'Otrzymują Państwo tę wiadomość, ponieważ {sender} zbiera materiały do projektu {project} przez portal klienta. ' +
    'Link jest przeznaczony tylko dla Państwa – prosimy nie przekazywać go dalej.',
  footer_reply: 'W razie pytań wystarczy odpowiedzieć na tę wiadomość – otrzyma ją {sender}.',
  footer_no_reply: 'Ta wiadomość została wysłana automatycznie; odpowiedzi na nią nie są czytane.',
  items_requested: {
    one: 'Potrzebna jest {n} pozycja:',
    few: 'Potrzebne są {n} pozycje:',
    many: 'Potrzebnych jest {n} pozycji:',
    other: 'Potrzebne jest {n} pozycji:',
  },
  items_missing: {
    one: 'Nadal brakuje {n} pozycji:',
    few: 'Nadal brakuje {n} pozycji:',
    many: 'Nadal brakuje {n} pozycji:',
    other: 'Nadal brakuje {n} pozycji:',
  },
  items_new: {
    one: '{n} nowa pozycja:',
    few: '{n} nowe pozycje:',
    many: '{n} nowych pozycji:',
    other: '{n} nowej pozycji:',
  },

  invite_subject: 'Materiały do projektu {project}',
  invite_intro:
    '{sender} prosi Państwa o kilka materiałów do projektu {project}. Wszystko można przesłać w jednym miejscu, ' +
    'bez zakładania konta.',

  reminder_subject: 'Przypomnienie: materiały do projektu {project}',
  reminder_subject_custom: 'Przypomnienie: {subject}',
  reminder_intro: 'Uprzejmie przypominamy, że do projektu {project} nadal brakuje części materiałów.',
  manual_subject: '{sender} pyta o materiały do projektu {project}',
  manual_intro: '{sender} osobiście przypomina o materiałach do projektu {project}.',
  sms_manual: '{sender}: wciąż brakuje części materiałów do projektu {project}. Prosimy przesłać je tutaj: {link}',

  revision_subject: 'Prośba o poprawkę: „{item}” (projekt {project})',
  revision_intro: '{sender} prosi o poprawienie pozycji „{item}” w projekcie {project}.',
  revision_note: 'Co trzeba zmienić:',

  items_added_subject: 'Kolejne materiały do projektu {project}',
  items_added_intro: '{sender} potrzebuje od Państwa jeszcze kilku rzeczy do projektu {project}.',

  thank_you_subject: 'Dziękujemy – materiały do projektu {project} są kompletne',
  thank_you_intro: 'Dziękujemy! {sender} ma już wszystko, co potrzebne do projektu {project}.',
  thank_you_next: 'Nie trzeba już nic robić. Przesłane materiały można nadal przeglądać.',

  owner_greeting: 'Dzień dobry,',
  owner_open: 'Przejdź do prośby',
  owner_footer: 'To powiadomienie dotyczy prośby konta {account}.',
  owner_missing: {
    one: 'Brakuje {n} wymaganej pozycji:',
    few: 'Brakuje {n} wymaganych pozycji:',
    many: 'Brakuje {n} wymaganych pozycji:',
    other: 'Brakuje {n} wymaganej pozycji:',
  },
  completed_subject: 'Klient {client} przesłał wszystko do projektu {project}',
  completed_intro:
    'Wszystkie wymagane pozycje projektu {project} zostały przesłane. Można je przejrzeć i pobrać wyniki.',
  stalled_subject: 'Brak odpowiedzi od klienta {client}: {project}',
  stalled_intro: {
    one: 'Klient {client} nie ukończył projektu {project} mimo {n} przypomnienia, więc przypomnienia zostały wstrzymane.',
    few: 'Klient {client} nie ukończył projektu {project} mimo {n} przypomnień, więc przypomnienia zostały wstrzymane.',
    many: 'Klient {client} nie ukończył projektu {project} mimo {n} przypomnień, więc przypomnienia zostały wstrzymane.',
    other:
      'Klient {client} nie ukończył projektu {project} mimo {n} przypomnienia, więc przypomnienia zostały wstrzymane.',
  },
  stalled_next: 'Można samodzielnie skontaktować się z klientem albo zwiększyć limit przypomnień, aby je wznowić.',
  overdue_subject: 'Po terminie: {project}',
  overdue_intro: 'Termin projektu {project}, {date}, minął, a klient {client} nie przesłał jeszcze wszystkiego.',
  bounced_subject: 'Nie udaje się dostarczyć wiadomości na adres {address} ({project})',
  bounced_intro: 'Nie udało się dostarczyć naszych wiadomości na adres {address} w sprawie projektu {project}.',
  complained_subject: 'Adresat {address} oznaczył naszą wiadomość jako spam ({project})',
  complained_intro: 'Adresat {address} oznaczył naszą wiadomość w sprawie projektu {project} jako spam.',
  bounced_retired: 'Nie będziemy już pisać na ten adres, dopóki nie zostanie on przywrócony w prośbie.',
  bounced_still_chasing: 'Pozostali odbiorcy nadal otrzymują przypomnienia.',
  bounced_nobody_left:
    'Nie ma już nikogo, komu można przypominać, więc przypomnienia zostały wstrzymane. Prosimy sprawdzić adres ' +
    'i go przywrócić albo dodać innego odbiorcę.',
};
