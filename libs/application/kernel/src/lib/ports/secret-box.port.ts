/**
 * Encryption at rest for secrets the service must read back (a webhook endpoint's signing secret,
 * a secret item's answer): `seal` turns the plain text into an opaque, versioned string safe to
 * store, naming the key that sealed it; `open` gives the plain text back and throws when the
 * sealed text was not made with a key of the deployment or was altered. The keys live outside the
 * database (SECRETS_KEY, SECRETS_KEYS), so a copy of the database alone reveals nothing.
 */
export abstract class SecretBox {
  abstract seal(plain: string): string;
  abstract open(sealed: string): string;
}
