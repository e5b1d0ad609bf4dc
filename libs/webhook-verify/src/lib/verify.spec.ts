import { DEFAULT_TOLERANCE_SECONDS, SIGNATURE_HEADER, sign, verify } from './verify';

/**
 * The vectors libs/domain/webhooks' signature test checks too, computed with OpenSSL:
 *   printf '%s' "1780308000.$BODY" | openssl dgst -sha256 -hmac "$SECRET"
 */
const SECRET = 'whsec_test_vector_do_not_use_0123456789abcdefghij';
const T = 1780308000;
const BODY =
  '{"event":"item.submitted","intake_id":"in_webhooktest00000000000","item_key":"test_item","message":"This is a test delivery: your webhook endpoint is set up.","timestamp":1780308000}';
const HEX = '6478a3156c7c1d4e22df681348a8a792b3826aebca9fd09f52f8e69ddf51c615';
const UTF8_BODY = '{"project_name":"Café ✓"}';
const UTF8_HEX = '2bb8dd9c529ae91c832d8efb2c9c78e53cdf546d114b67e663280d25586c1c94';
const HEADER = `t=${T},v1=${HEX}`;
const OTHER_HEX = 'f'.repeat(64);

describe('verify', () => {
  it('accepts the fixed vector, as text and as bytes', () => {
    expect(verify(BODY, HEADER, SECRET, { now: T })).toEqual({ valid: true, timestamp: T });
    expect(verify(Buffer.from(BODY), HEADER, SECRET, { now: T })).toEqual({ valid: true, timestamp: T });
    expect(verify(Buffer.from(UTF8_BODY, 'utf8'), `t=${T},v1=${UTF8_HEX}`, SECRET, { now: T }).valid).toBe(true);
    expect(verify(UTF8_BODY, `t=${T},v1=${UTF8_HEX}`, SECRET, { now: T }).valid).toBe(true);
  });

  it('signs the fixed vector as the service does', () => {
    expect(sign(SECRET, BODY, T)).toBe(HEADER);
    expect(sign(SECRET, Buffer.from(UTF8_BODY), T)).toBe(`t=${T},v1=${UTF8_HEX}`);
  });

  it.each`
    now          | valid
    ${T}         | ${true}
    ${T + 300}   | ${true}
    ${T - 300}   | ${true}
    ${T + 301}   | ${false}
    ${T - 301}   | ${false}
    ${T + 86400} | ${false}
    ${T - 86400} | ${false}
  `('with the receiver’s clock at $now (t = 1780308000): valid $valid, stale and future alike', ({ now, valid }) => {
    const result = verify(BODY, HEADER, SECRET, { now });
    expect(result).toEqual(
      valid ? { valid: true, timestamp: T } : { valid: false, reason: 'timestamp_out_of_tolerance' },
    );
  });

  it.each`
    tolerance | now         | valid
    ${60}     | ${T + 60}   | ${true}
    ${60}     | ${T + 61}   | ${false}
    ${60}     | ${T - 61}   | ${false}
    ${0}      | ${T}        | ${true}
    ${0}      | ${T + 1}    | ${false}
    ${3600}   | ${T - 3600} | ${true}
  `('honours toleranceSeconds $tolerance at now $now: $valid', ({ tolerance, now, valid }) => {
    expect(verify(BODY, HEADER, SECRET, { toleranceSeconds: tolerance, now }).valid).toBe(valid);
  });

  it('defaults to 300 seconds and the system clock', () => {
    expect(DEFAULT_TOLERANCE_SECONDS).toBe(300);
    const now = Math.floor(Date.now() / 1000);
    expect(verify(BODY, sign(SECRET, BODY, now - 290), SECRET).valid).toBe(true);
    expect(verify(BODY, sign(SECRET, BODY, now + 290), SECRET).valid).toBe(true);
    expect(verify(BODY, sign(SECRET, BODY, now - 400), SECRET)).toEqual({
      valid: false,
      reason: 'timestamp_out_of_tolerance',
    });
    expect(verify(BODY, sign(SECRET, BODY, now + 400), SECRET)).toEqual({
      valid: false,
      reason: 'timestamp_out_of_tolerance',
    });
  });

  it.each`
    change                         | body                                         | header                                | secret
    ${'a tampered body'}           | ${BODY.replace('test_item', 'x')}            | ${HEADER}                             | ${SECRET}
    ${'a body with a space more'}  | ${`${BODY} `}                                | ${HEADER}                             | ${SECRET}
    ${'the body re-serialised'}    | ${JSON.stringify(JSON.parse(BODY), null, 1)} | ${HEADER}                             | ${SECRET}
    ${'a wrong secret'}            | ${BODY}                                      | ${HEADER}                             | ${`${SECRET}x`}
    ${'the secret without whsec_'} | ${BODY}                                      | ${HEADER}                             | ${SECRET.slice(6)}
    ${'another timestamp'}         | ${BODY}                                      | ${`t=${T + 1},v1=${HEX}`}             | ${SECRET}
    ${'another signature'}         | ${BODY}                                      | ${`t=${T},v1=${OTHER_HEX}`}           | ${SECRET}
    ${'a v0 signature only'}       | ${BODY}                                      | ${`t=${T},v0=${HEX},v1=${OTHER_HEX}`} | ${SECRET}
  `('refuses $change: signature_mismatch', ({ body, header, secret }) => {
    expect(verify(body, header, secret, { now: T })).toEqual({ valid: false, reason: 'signature_mismatch' });
  });

  it('accepts any of several v1 signatures (a secret being rotated), in any place', () => {
    const other = sign('whsec_the_old_one', BODY, T).split('v1=')[1];
    for (const header of [
      `t=${T},v1=${other},v1=${HEX}`,
      `t=${T},v1=${HEX},v1=${other}`,
      `v1=${OTHER_HEX},t=${T},v1=${HEX}`,
      `t=${T}, v1=${HEX.toUpperCase()}`,
      `t=${T},v0=whatever,v1=${HEX}`,
      ` t = ${T} , v1 = ${HEX} `,
    ]) {
      expect(verify(BODY, header, SECRET, { now: T })).toEqual({ valid: true, timestamp: T });
    }
  });

  it.each([undefined, '', '   '])('answers missing_header for %p', (header) => {
    expect(verify(BODY, header, SECRET, { now: T })).toEqual({ valid: false, reason: 'missing_header' });
  });

  it.each([
    'garbage',
    `v1=${HEX}`,
    `t=${T}`,
    `t=${T},v1=`,
    `t=${T},v1=${HEX.slice(1)}`,
    `t=${T},v1=${HEX}0`,
    `t=${T},v1=${'g'.repeat(64)}`,
    `t=${T},t=${T},v1=${HEX}`,
    `t=-${T},v1=${HEX}`,
    `t=${T}.5,v1=${HEX}`,
    `t=1e9,v1=${HEX}`,
    `t=,v1=${HEX}`,
    `t=${'9'.repeat(16)},v1=${HEX}`,
    `t=${T},=${HEX},v1=${HEX}`,
    `t=${T};v1=${HEX}`,
    `t=${T},,v1=${HEX}`,
    `T=${T},V1=${HEX}`,
  ])('answers malformed_header for %p', (header) => {
    expect(verify(BODY, header, SECRET, { now: T })).toEqual({ valid: false, reason: 'malformed_header' });
  });

  it('names the header as Node does', () => {
    expect(SIGNATURE_HEADER).toBe('x-service-signature');
  });

  it.each(['', undefined as unknown as string])(
    'throws without a secret (%p): anyone can sign with an empty key',
    (secret) => {
      expect(() => verify(BODY, HEADER, secret, { now: T })).toThrow(new TypeError('the endpoint secret is required'));
      expect(() => sign(secret, BODY, T)).toThrow(new TypeError('the endpoint secret is required'));
    },
  );

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('throws for the tolerance %p', (toleranceSeconds) => {
    expect(() => verify(BODY, HEADER, SECRET, { toleranceSeconds, now: T })).toThrow(
      new RangeError('toleranceSeconds must be a number of seconds from 0'),
    );
  });

  it.each([-1, 1.5, Number.NaN, 2 ** 53])('sign throws for the timestamp %p', (t) => {
    expect(() => sign(SECRET, BODY, t)).toThrow(new RangeError('unixSeconds must be a whole number of seconds from 0'));
  });

  it('round-trips sign and verify, and accepts t=0', () => {
    expect(verify('{}', sign(SECRET, '{}', 0), SECRET, { now: 0 })).toEqual({ valid: true, timestamp: 0 });
  });
});
