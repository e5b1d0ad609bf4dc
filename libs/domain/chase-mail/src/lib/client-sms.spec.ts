import { LANGUAGES } from '@intake/domain-messages';
import { renderClientSms, SMS_NAME_MAX, SMS_PROJECT_MAX } from './client-sms';
import { ACCOUNT } from '../../test/fixtures';

const LINK = 'https://portal.example/p/AbC123';
const sms = (overrides: Partial<Parameters<typeof renderClientSms>[0]> = {}) =>
  renderClientSms({ account: ACCOUNT, project_name: 'New website', language: 'en', portal_url: LINK, ...overrides });

describe('client SMS (manual chase by text message)', () => {
  it('says who asks, for which project, and gives the portal link, in one line', () => {
    expect(sms()).toEqual({
      language: 'en',
      body: `${ACCOUNT.sender_name}: some materials for New website are still missing. Please send them here: ${LINK}`,
    });
  });

  it.each(LANGUAGES)('is written in %s with every placeholder filled and the link last', (language) => {
    const { body, language: written } = sms({ language });
    expect(written).toBe(language);
    expect(body).not.toMatch(/[{}]/);
    expect(body).toContain('New website');
    expect(body.endsWith(LINK)).toBe(true);
    expect(body).not.toContain('\n');
  });

  it('speaks the account default for a language it does not have, then English', () => {
    expect(sms({ language: 'fr', account: { ...ACCOUNT, default_language: 'de' } }).language).toBe('de');
    expect(sms({ language: null, account: { ...ACCOUNT, default_language: 'xx' } }).language).toBe('en');
  });

  it('falls back to the account name without a sender name', () => {
    expect(sms({ account: { ...ACCOUNT, sender_name: '  ' } }).body.startsWith(`${ACCOUNT.name}: `)).toBe(true);
  });

  it('puts the project on one line and clips long names, never the link', () => {
    const long = 'Very long project name '.repeat(10);
    const { body } = sms({
      project_name: `Line one\nline two ${long}`,
      account: { ...ACCOUNT, sender_name: 'S'.repeat(100) },
    });
    expect(body).toContain(`${'S'.repeat(SMS_NAME_MAX - 1)}…:`);
    expect(body).toContain('Line one line two Very long');
    const project = /for (.*) are still missing/.exec(body)?.[1] ?? '';
    expect([...project].length).toBeLessThanOrEqual(SMS_PROJECT_MAX);
    expect([...project].length).toBeGreaterThan(SMS_PROJECT_MAX - 3); // a space before the cut is dropped
    expect(project.endsWith('…')).toBe(true);
    expect(body.endsWith(LINK)).toBe(true);
  });
});
