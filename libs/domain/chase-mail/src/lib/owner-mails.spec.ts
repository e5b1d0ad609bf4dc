import { type OwnerMail } from './model';
import { renderOwnerMail } from './owner-mails';
import { ACCOUNT, OWNER_MAILS } from '../../test/fixtures';

const [completed, stalled, overdue, bounced] = OWNER_MAILS;

describe('owner notifications', () => {
  it('speak the owner’s language when given, else the account default, else English', () => {
    expect(renderOwnerMail({ ...completed, account: { ...ACCOUNT, default_language: 'pl' } }).language).toBe('pl');
    expect(
      renderOwnerMail({ ...completed, language: 'sk', account: { ...ACCOUNT, default_language: 'pl' } }).language,
    ).toBe('sk');
    expect(
      renderOwnerMail({ ...completed, language: 'xx', account: { ...ACCOUNT, default_language: 'xx' } }).language,
    ).toBe('en');
  });

  it('name the client by e-mail address when the client has no name', () => {
    const mail = renderOwnerMail({ ...completed, client: { name: null, email: 'anna@bakery.example' } });
    expect(mail.subject).toBe('anna@bakery.example has sent everything for Bakery website');
  });

  it('tell a complaint from a bounce, and whether anyone is still chased', () => {
    const complained = renderOwnerMail({ ...bounced, event_type: 'complained', still_chasing: true });
    expect(complained.subject).toBe('anna@bakery.example marked our e-mail as spam (Bakery website)');
    expect(complained.text).toContain('The other recipients still receive the reminders.');
    expect(complained.text).not.toContain('Nobody is left');
    expect(renderOwnerMail(bounced).text).toContain('Nobody is left to remind');
  });

  it('choose the plural form for the reminders sent and the items outstanding', () => {
    const one = renderOwnerMail({ ...stalled, reminders_sent: 1, missing_items: ['Logo'], language: 'pl' });
    expect(one.text).toContain('mimo 1 przypomnienia');
    expect(one.text).toContain('Brakuje 1 wymaganej pozycji:\n- Logo');
    const five = renderOwnerMail({
      ...stalled,
      reminders_sent: 5,
      missing_items: ['A', 'B', 'C', 'D', 'E'],
      language: 'cs',
    });
    expect(five.text).toContain('ani po 5 připomínkách');
    expect(five.text).toContain('Chybí 5 povinných položek:');
  });

  it('write the due date in the owner’s language', () => {
    expect(renderOwnerMail({ ...overdue, language: 'es' }).text).toContain('el 31 de marzo de 2027, ha pasado');
  });

  it('escape every value in the HTML', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const mails: OwnerMail[] = [
      { ...completed, project_name: hostile, client: { name: hostile, email: 'a@b.example' } },
      { ...stalled, missing_items: [hostile] },
      { ...bounced, address: hostile },
      { ...completed, account: { ...ACCOUNT, name: hostile } },
    ];
    for (const mail of mails.map(renderOwnerMail)) {
      expect(mail.html).not.toContain('<img');
      expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    }
  });

  it('link to the intake in the dashboard', () => {
    expect(renderOwnerMail(completed).html).toContain('<a href="https://app.example/intakes/in_1" style=');
  });
});
