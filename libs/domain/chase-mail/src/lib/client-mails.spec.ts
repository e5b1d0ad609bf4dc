import { renderClientMail } from './client-mails';
import { type ClientMail } from './model';
import { ACCOUNT, CLIENT_MAILS } from '../../test/fixtures';

const [invite, reminder, manual, revision, itemsAdded, thankYou] = CLIENT_MAILS;
const HOSTILE = '<script>alert("x")</script> & \'co\'';

describe('client mails: escaping', () => {
  it('escapes every value it puts into the HTML, and keeps the text part plain', () => {
    const hostile = (mail: ClientMail): ClientMail => ({
      ...mail,
      project_name: HOSTILE,
      recipient_name: HOSTILE,
      account: { ...ACCOUNT, sender_name: HOSTILE },
      email_copy: { intro: HOSTILE },
    });
    const mails = [
      hostile(invite),
      hostile({ ...reminder, missing_items: [HOSTILE] }),
      hostile({ ...revision, item_label: HOSTILE, note: HOSTILE }),
    ].map(renderClientMail);
    for (const mail of mails) {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).not.toContain('"x"');
      expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;');
      expect(mail.text).toContain(HOSTILE);
      expect(mail.text).not.toContain('&lt;');
    }
    expect(mails[0]?.html).toContain('<title>Materials for &lt;script&gt;');
  });

  it('makes only an http(s) portal link a link', () => {
    const link = renderClientMail(invite).html;
    expect(link).toContain('<a href="https://portal.example/p/AbC123" style=');
    const odd = renderClientMail({ ...invite, portal_url: 'javascript:alert(1)' }).html;
    expect(odd).not.toContain('<a ');
    expect(odd).toContain('Open the request: javascript:alert(1)');
  });

  it('keeps subjects, names and list items on one line, and the note’s lines as lines', () => {
    const mail = renderClientMail({
      ...revision,
      project_name: 'Bakery\r\nBcc: someone@example.com',
      note: 'First line\nsecond <line>',
    });
    expect(mail.subject).toBe('Please revise “Logo” for Bakery Bcc: someone@example.com');
    expect(mail.text).toContain('> First line\n> second <line>');
    expect(mail.html).toContain('First line<br>second &lt;line&gt;</blockquote>');
  });
});

describe('client mails: email_copy', () => {
  const copy = { subject: 'Your logo, please', intro: 'We are redoing your shop window.\nThe logo comes first.' };

  it('replaces the invitation’s subject and intro line', () => {
    const mail = renderClientMail({ ...invite, email_copy: copy });
    expect(mail.subject).toBe('Your logo, please');
    expect(mail.text).toContain(
      'Hello Anna Berger,\n\nWe are redoing your shop window.\nThe logo comes first.\n\nWe need 3',
    );
    expect(mail.text).not.toContain('is asking you for a few things');
    expect(mail.html).toContain('We are redoing your shop window.<br>The logo comes first.');
  });

  it('gives reminders the owner’s subject as a reminder, with their own intro', () => {
    for (const mail of [reminder, manual]) {
      const rendered = renderClientMail({ ...mail, email_copy: copy, language: 'de' });
      expect(rendered.subject).toBe('Erinnerung: Your logo, please');
      expect(rendered.text).not.toContain('shop window');
    }
    expect(renderClientMail({ ...reminder, email_copy: { intro: 'Only an intro' } }).subject).toBe(
      'Reminder: materials for Bakery website',
    );
  });

  it('leaves the revision, items-added and thank-you mails alone', () => {
    for (const mail of [revision, itemsAdded, thankYou]) {
      expect(renderClientMail({ ...mail, email_copy: copy })).toEqual(renderClientMail(mail));
    }
  });

  it('treats a blank subject or intro as none, and puts a multi-line subject on one line', () => {
    expect(renderClientMail({ ...invite, email_copy: { subject: '  ', intro: '\n' } })).toEqual(
      renderClientMail(invite),
    );
    expect(renderClientMail({ ...invite, email_copy: null })).toEqual(renderClientMail(invite));
    expect(renderClientMail({ ...invite, email_copy: { subject: 'Logo\nplease' } }).subject).toBe('Logo please');
  });
});

describe('client mails: language and dates', () => {
  it.each([
    ['cs', 'Pošlete nám prosím vše do 31. března 2027.'],
    ['sk', 'Pošlite nám, prosím, všetko do 31. marca 2027.'],
    ['pl', 'Prosimy o przesłanie wszystkiego do 31 marca 2027.'],
    ['de', 'Bitte senden Sie uns alles bis zum 31. März 2027.'],
    ['es', 'Envíenos todo, por favor, a más tardar el 31 de marzo de 2027.'],
    ['en', 'Please send everything by March 31, 2027.'],
  ])('writes the due date in %s: %s', (language, line) => {
    const mail = renderClientMail({ ...reminder, language });
    expect(mail.text).toContain(`\n\n${line}\n\n`);
    expect(mail.html).toContain(`>${line}</p>`);
    expect(mail.html).toContain(`<html lang="${language}">`);
  });

  it.each([
    ['the client’s language', 'cs', 'de', 'cs'],
    ['the account default for an unknown language', 'fr', 'de', 'de'],
    ['the account default for no language', null, 'pl', 'pl'],
    ['the account default for an absent language', undefined, 'es', 'es'],
    ['English when the account default is unknown too', 'fr', 'it', 'en'],
  ] as const)('speaks %s', (_, language, accountDefault, expected) => {
    const mail = renderClientMail({ ...invite, language, account: { ...ACCOUNT, default_language: accountDefault } });
    expect(mail.language).toBe(expected);
    expect(mail.html).toContain(`<html lang="${expected}">`);
  });

  it('shows no due line without a due date, nor in the thank-you mail', () => {
    expect(renderClientMail({ ...reminder, due_date: null }).text).not.toContain('Please send everything by');
    expect(renderClientMail(thankYou).text).not.toContain('2027');
  });
});

describe('client mails: parts', () => {
  it('greets without a name when there is none', () => {
    expect(renderClientMail({ ...invite, recipient_name: null }).text).toMatch(/^Hello,\n\n/);
    expect(renderClientMail({ ...invite, recipient_name: ' ', language: 'cs' }).text).toMatch(/^Dobrý den,\n\n/);
  });

  it('says replies are not read when there is no reply-to address', () => {
    const mail = renderClientMail({ ...invite, reply_to: null });
    expect(mail.text).toContain('replies to it are not read');
    expect(mail.text).not.toContain('simply reply');
  });

  it('leaves out an empty list of items', () => {
    expect(renderClientMail({ ...invite, requested_items: [] }).text).not.toContain('We need');
    expect(renderClientMail({ ...invite, requested_items: undefined }).html).not.toContain('<ul');
    expect(renderClientMail({ ...revision, note: null }).text).not.toContain('What needs to change');
  });

  it('uses the account name when there is no sender name', () => {
    const mail = renderClientMail({ ...invite, account: { ...ACCOUNT, sender_name: null } });
    expect(mail.text).toContain('Studio Nova is asking you');
    expect(mail.text).toContain('Kind regards,\nStudio Nova\n');
  });

  it('writes minimal HTML with inline styles: a list, a button and a footer', () => {
    const { html } = renderClientMail(reminder);
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">/);
    expect(html).toContain('<li style="margin:0 0 4px 0;">Opening hours</li>');
    expect(html).toContain('<p style="margin:0 0 16px 0;">Kind regards,<br>Jana Nováková</p>');
    expect(html).not.toMatch(/<style|<link|class=/);
    expect(html.endsWith('</div></body></html>\n')).toBe(true);
  });
});
