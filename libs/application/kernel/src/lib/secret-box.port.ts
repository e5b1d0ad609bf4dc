/**
 * Encryption at rest for secrets the service must read back (a webhook endpoint's signing secret):
 * `seal` turns the plain text into an opaque, versioned string safe to store; `open` gives the plain
 * text back and throws when the sealed text was not made with this key or was altered. The key
 * lives outside the database (ENCRYPTION_KEY), so a copy of the database alone reveals nothing.
 */
export abstract class SecretBox {
  abstract seal(plain: string): string;
  abstract open(sealed: string): string;
}
