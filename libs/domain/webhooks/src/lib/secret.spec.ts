import { newWebhookSecret } from './secret';

describe('newWebhookSecret', () => {
  it('is whsec_ and 32 random bytes (256 bits) in base64url', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64url')).toHaveLength(32);
  });

  it('does not repeat', () => {
    const seen = new Set(Array.from({ length: 1000 }, () => newWebhookSecret()));
    expect(seen.size).toBe(1000);
  });
});
