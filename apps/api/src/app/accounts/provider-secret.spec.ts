import { presentedSecret, sameSecret } from './provider-secret';

const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;

describe('the mail provider’s shared secret', () => {
  it.each`
    header                          | secret
    ${'Bearer s3cret'}              | ${'s3cret'}
    ${'bearer s3cret '}             | ${'s3cret'}
    ${basic('ses:s3cret')}          | ${'s3cret'}
    ${basic(':s3cret:with:colons')} | ${'s3cret:with:colons'}
    ${basic('no-colon')}            | ${undefined}
    ${'Bearer'}                     | ${undefined}
    ${'Bearer two words'}           | ${undefined}
    ${'Token s3cret'}               | ${undefined}
    ${undefined}                    | ${undefined}
  `('reads $secret from $header', ({ header, secret }) => {
    expect(presentedSecret(header)).toBe(secret);
  });

  it('compares secrets whatever their lengths', () => {
    expect(sameSecret('a'.repeat(32), 'a'.repeat(32))).toBe(true);
    expect(sameSecret('a'.repeat(32), 'a'.repeat(31))).toBe(false);
    expect(sameSecret('', 'a'.repeat(32))).toBe(false);
    expect(sameSecret('b'.repeat(32), 'a'.repeat(32))).toBe(false);
  });
});
