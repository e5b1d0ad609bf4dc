import { chaseStatusAfter, mailEventKey, type MailEvent } from './model';

const AT = new Date('2026-06-01T10:00:00Z');

describe('chaseStatusAfter', () => {
  it.each`
    current         | reported        | after
    ${'sent'}       | ${null}         | ${'sent'}
    ${'sent'}       | ${'bounced'}    | ${'bounced'}
    ${'sent'}       | ${'complained'} | ${'complained'}
    ${'bounced'}    | ${'bounced'}    | ${'bounced'}
    ${'bounced'}    | ${'complained'} | ${'complained'}
    ${'complained'} | ${'bounced'}    | ${'complained'}
    ${'complained'} | ${null}         | ${'complained'}
  `('$current, then $reported reported → $after', ({ current, reported, after }) => {
    expect(chaseStatusAfter(current as string, reported)).toBe(after);
  });
});

describe('mailEventKey', () => {
  const bounce = (bounce_type: 'Permanent' | 'Transient', recipient = 'Client@Example.com'): MailEvent => ({
    type: 'bounce',
    recipient,
    bounce_type,
    at: AT,
  });

  it('names the report, the bounce type and the address in lower case', () => {
    expect(mailEventKey(bounce('Transient'))).toBe('bounce:Transient:client@example.com');
    expect(mailEventKey({ type: 'complaint', recipient: 'a@B.example', at: AT })).toBe('complaint:a@b.example');
    expect(mailEventKey({ type: 'delivery', recipient: 'a@b.example', at: AT })).toBe('delivery:a@b.example');
  });

  it('is the same for a repeated report, whatever its time or spelling, and differs otherwise', () => {
    const later = { ...bounce('Transient', 'client@example.com'), at: new Date('2026-06-02T00:00:00Z') };
    expect(mailEventKey(later)).toBe(mailEventKey(bounce('Transient')));
    expect(mailEventKey(bounce('Permanent'))).not.toBe(mailEventKey(bounce('Transient')));
    expect(mailEventKey(bounce('Transient', 'other@example.com'))).not.toBe(mailEventKey(bounce('Transient')));
  });
});
