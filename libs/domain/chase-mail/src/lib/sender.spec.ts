import { fromHeader, fromName, senderOf } from './sender';

const studio = { name: 'Studio Nova', sender_name: 'Jana' };

describe('senderOf', () => {
  it('is the account’s sender name, or its name when the sender name is absent or blank', () => {
    expect(senderOf(studio)).toEqual({ sender_name: 'Jana', using_fallback_sender_name: false });
    expect(senderOf({ ...studio, sender_name: null })).toEqual({
      sender_name: 'Studio Nova',
      using_fallback_sender_name: true,
    });
    expect(senderOf({ ...studio, sender_name: ' \n ' })).toEqual({
      sender_name: 'Studio Nova',
      using_fallback_sender_name: true,
    });
    expect(senderOf({ ...studio, sender_name: ' Jana\r\nNováková ' }).sender_name).toBe('Jana Nováková');
  });
});

describe('fromName', () => {
  it.each([
    ['en', 'Jana from Studio Nova'],
    ['de', 'Jana von Studio Nova'],
    ['es', 'Jana de Studio Nova'],
    ['cs', 'Jana (Studio Nova)'],
    ['sk', 'Jana (Studio Nova)'],
    ['pl', 'Jana (Studio Nova)'],
  ] as const)('names the sender and the account in %s: %s', (language, expected) => {
    expect(fromName(studio, language)).toBe(expected);
  });

  it('is the one name there is when the sender name is missing or already names the account', () => {
    expect(fromName({ ...studio, sender_name: null }, 'en')).toBe('Studio Nova');
    expect(fromName({ ...studio, sender_name: 'Studio Nova' }, 'en')).toBe('Studio Nova');
    expect(fromName({ ...studio, sender_name: 'Jana, studio nova' }, 'de')).toBe('Jana, studio nova');
  });
});

describe('fromHeader', () => {
  it('quotes the display name before the address', () => {
    expect(fromHeader('Jana from Studio Nova', 'noreply@intake.example')).toBe(
      '"Jana from Studio Nova" <noreply@intake.example>',
    );
    expect(fromHeader('Jana Nováková (Studio)', 'noreply@intake.example')).toBe(
      '"Jana Nováková (Studio)" <noreply@intake.example>',
    );
  });

  it('escapes quotes and backslashes and drops line breaks, so the name cannot end the header', () => {
    expect(fromHeader('Jana "JJ" \\ Co', 'a@b.example')).toBe('"Jana \\"JJ\\" \\\\ Co" <a@b.example>');
    expect(fromHeader('Jana\r\nBcc: x@evil.example', 'a@b.example')).toBe('"Jana Bcc: x@evil.example" <a@b.example>');
    expect(fromHeader(' \n', 'a@b.example')).toBe('a@b.example');
  });

  it('refuses an address that is not a plain local@domain', () => {
    for (const address of ['', 'noreply', 'a@b.example\r\nBcc: c@d', '<a@b.example>', 'a b@c.example', 'x@y@z']) {
      expect(() => fromHeader('Jana', address)).toThrow(TypeError);
    }
  });
});
