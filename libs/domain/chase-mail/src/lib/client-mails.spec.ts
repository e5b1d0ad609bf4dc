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

describe('client mails: branding (issue #29)', () => {
  const branding = {
    display_name: 'Ateliér Nova',
    accent_color: '#0a5c36',
    logo_url: 'https://cdn.studio.example/logo.png?v=2&size=m',
  };

  it.each(CLIENT_MAILS.map((mail) => [mail.kind, mail] as const))(
    'the %s mail’s HTML carries the logo, the display name and the accent; its text part is unchanged',
    (_kind, mail) => {
      const plain = renderClientMail(mail);
      const branded = renderClientMail({ ...mail, branding });
      expect(branded.html).toContain(
        '<img src="https://cdn.studio.example/logo.png?v=2&amp;size=m" alt="Ateliér Nova" height="48"',
      );
      expect(branded.html).toContain('color:#0a5c36;">Ateliér Nova</p>');
      expect(branded.html).toContain('background-color:#0a5c36;color:#ffffff;');
      expect(branded.html).not.toContain('#1d4ed8');
      expect(plain.html).toContain('background-color:#1d4ed8;');
      expect(plain.html).not.toContain('<img');
      expect(branded.text).toBe(plain.text);
      expect(branded.subject).toBe(plain.subject);
    },
  );

  it('shows what is set: a colour alone changes the accent and adds no heading; a name alone has no image', () => {
    const colour = renderClientMail({
      ...invite,
      branding: { display_name: null, logo_url: null, accent_color: '#000000' },
    });
    expect(colour.html).toContain('background-color:#000000;');
    expect(colour.html).not.toContain('border-bottom:3px');
    const name = renderClientMail({
      ...invite,
      branding: { display_name: 'Nova', logo_url: null, accent_color: null },
    });
    expect(name.html).toContain('border-bottom:3px solid #1d4ed8;');
    expect(name.html).toContain('>Nova</p>');
    expect(name.html).not.toContain('<img');
    expect(renderClientMail({ ...invite, branding: null }).html).toBe(renderClientMail(invite).html);
  });

  it('escapes a hostile display name and logo address, and never writes a colour or address it does not trust', () => {
    const mail = renderClientMail({
      ...invite,
      branding: {
        display_name: `${HOSTILE}\r\nBcc: x@evil.example`,
        accent_color: 'red;background:url(https://evil.example/x)',
        logo_url: 'https://cdn.example/"><script>alert(1)</script>',
      },
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('evil.example/x');
    expect(mail.html).toContain('background-color:#1d4ed8;');
    expect(mail.html).not.toContain('<img'); // not a plain https address: left out
    expect(mail.html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39; Bcc: x@evil.example</p>',
    );
    const logo = renderClientMail({
      ...invite,
      branding: { display_name: '"><b>', accent_color: null, logo_url: 'javascript:alert(1)' },
    });
    expect(logo.html).not.toContain('javascript:');
    expect(logo.html).toContain('&quot;&gt;&lt;b&gt;</p>');
  });
});
