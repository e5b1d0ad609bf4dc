import { signatureHeader, signatureOf, WEBHOOK_HEADERS, WEBHOOK_USER_AGENT } from './signature';

/**
 * Vectors computed outside this code, with OpenSSL:
 *   printf '%s' "1780308000.$BODY" | openssl dgst -sha256 -hmac "$SECRET"
 * (libs/webhook-verify's test checks the same ones.)
 */
const SECRET = 'whsec_test_vector_do_not_use_0123456789abcdefghij';
const T = 1780308000;
const VECTORS = [
  {
    body: '{"event":"item.submitted","intake_id":"in_webhooktest00000000000","item_key":"test_item","message":"This is a test delivery: your webhook endpoint is set up.","timestamp":1780308000}',
    hex: '6478a3156c7c1d4e22df681348a8a792b3826aebca9fd09f52f8e69ddf51c615',
  },
  { body: '{"project_name":"Café ✓"}', hex: '2bb8dd9c529ae91c832d8efb2c9c78e53cdf546d114b67e663280d25586c1c94' },
];

describe('the signature', () => {
  it.each(VECTORS)('matches OpenSSL’s HMAC-SHA256 of "<t>.<body>" for $body', ({ body, hex }) => {
    expect(signatureOf(SECRET, body, T)).toBe(hex);
    expect(signatureHeader(SECRET, body, T)).toBe(`t=${T},v1=${hex}`);
  });

  it.each`
    change                 | secret          | body                           | t
    ${'another secret'}    | ${SECRET + 'x'} | ${VECTORS[1]?.body}            | ${T}
    ${'another body'}      | ${SECRET}       | ${'{"project_name":"Cafe ✓"}'} | ${T}
    ${'another timestamp'} | ${SECRET}       | ${VECTORS[1]?.body}            | ${T + 1}
  `('changes with $change', ({ secret, body, t }) => {
    expect(signatureOf(secret, body, t)).not.toBe(VECTORS[1]?.hex);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('refuses the timestamp %s', (t) => {
    expect(() => signatureHeader(SECRET, '{}', t)).toThrow(
      new RangeError(`a signature timestamp is a whole number of Unix seconds, not ${t}`),
    );
  });

  it('accepts the timestamp 0', () => {
    expect(signatureHeader(SECRET, '{}', 0)).toMatch(/^t=0,v1=[0-9a-f]{64}$/);
  });

  it('names the headers as the spec does', () => {
    expect(WEBHOOK_HEADERS).toEqual({
      signature: 'X-Service-Signature',
      event: 'X-Service-Event',
      delivery: 'X-Service-Delivery',
      userAgent: 'User-Agent',
    });
    expect(WEBHOOK_USER_AGENT).toBe('Service-Webhook/1.0');
  });
});
