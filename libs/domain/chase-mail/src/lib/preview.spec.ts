import { type MailAccount } from './model';
import { previewMail } from './preview';

const account: MailAccount = { name: 'Studio Nova', sender_name: 'Jana', default_language: 'de' };

describe('previewMail (GET /v1/intakes/preview)', () => {
  it('answers exactly the five fields, in the account’s default language by default', () => {
    expect(previewMail({ account, project_name: 'Bäckerei' })).toEqual({
      language: 'de',
      from_name: 'Jana von Studio Nova',
      subject: 'Unterlagen für Bäckerei',
      sender_name: 'Jana',
      using_fallback_sender_name: false,
    });
  });

  it('takes the language asked for, and falls back to the default, then English, for one it does not speak', () => {
    expect(previewMail({ account, language: 'cs', project_name: 'Pekárna' })).toMatchObject({
      language: 'cs',
      from_name: 'Jana (Studio Nova)',
      subject: 'Podklady k projektu Pekárna',
    });
    expect(previewMail({ account, language: 'fr' }).language).toBe('de');
    expect(previewMail({ account: { ...account, default_language: 'fr' }, language: 'it' }).language).toBe('en');
  });

  it('uses a placeholder project name in the language when none (or a blank one) is given', () => {
    expect(previewMail({ account }).subject).toBe('Unterlagen für Beispielprojekt');
    expect(previewMail({ account, language: 'en', project_name: '  ' }).subject).toBe('Materials for Sample project');
    expect(previewMail({ account, language: 'es', project_name: null }).subject).toBe(
      'Documentación para Proyecto de ejemplo',
    );
  });

  it('reports the account-name fallback for the sender', () => {
    expect(previewMail({ account: { ...account, sender_name: null }, language: 'en' })).toEqual({
      language: 'en',
      from_name: 'Studio Nova',
      subject: 'Materials for Sample project',
      sender_name: 'Studio Nova',
      using_fallback_sender_name: true,
    });
  });

  it('shows the owner’s own subject when one is given', () => {
    expect(previewMail({ account, email_copy: { subject: 'Ihr Logo, bitte' } }).subject).toBe('Ihr Logo, bitte');
  });
});
