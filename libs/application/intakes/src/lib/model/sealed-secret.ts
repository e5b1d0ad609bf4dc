import { type SecretBox } from '@intake/kernel';

/**
 * What `items.value` holds for a secret item: the client's text sealed by the SecretBox (key id,
 * IV, tag, ciphertext), never the text itself. Released or purged (issue #14), the value is null
 * again and only the fact and the time remain (`secret_released_at`, `secret_purged_at`).
 */
export interface SealedSecret {
  sealed: string;
}

export function sealSecret(box: SecretBox, plain: string): SealedSecret {
  return { sealed: box.seal(plain) };
}

export function isSealedSecret(value: unknown): value is SealedSecret {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.keys(value).length === 1 &&
    typeof (value as { sealed?: unknown }).sealed === 'string'
  );
}

/** The plain text of a stored answer: a sealed secret opened, any other value as it is. */
export function openedValue(box: SecretBox, value: unknown): unknown {
  return isSealedSecret(value) ? box.open(value.sealed) : value;
}
