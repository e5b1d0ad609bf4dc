import { type Client } from 'pg';
import { DEVELOPMENT_ENCRYPTION_KEY, DEVELOPMENT_KEY_ID } from '@intake/config';
import { newId } from '@intake/ids';
import { AesGcmSecretBox } from '@intake/secret-box';

/** A secret sealed with the key the apps use when SECRETS_KEY is unset outside production (id `dev`). */
export const sealedWithDevelopmentKey = (secret: string) =>
  new AesGcmSecretBox({ current: { id: DEVELOPMENT_KEY_ID, key: DEVELOPMENT_ENCRYPTION_KEY }, previous: [] }).seal(
    secret,
  );

/** An account (rows the dispatcher tests need arranged directly in the database). */
export async function givenAccount(db: Client): Promise<string> {
  const accountId = newId('account');
  await db.query(`INSERT INTO accounts (id, name, created_at, updated_at) VALUES ($1, 'Studio', now(), now())`, [
    accountId,
  ]);
  return accountId;
}

/** An active live endpoint of the account, listening to `intake.archived` at `url`. */
export async function givenEndpoint(db: Client, accountId: string, url: string, sealedSecret: string): Promise<string> {
  const endpointId = newId('webhookEndpoint');
  await db.query(
    `INSERT INTO webhook_endpoints (id, account_id, mode, url, events, format, secret_sealed, created_at)
     VALUES ($1, $2, 'live', $3, '{intake.archived}', 'raw', $4, now())`,
    [endpointId, accountId, url, sealedSecret],
  );
  return endpointId;
}

/** `count` committed `intake.archived` events of the account, as the write path leaves them, with its wake-up. */
export async function commitEvents(db: Client, accountId: string, count: number): Promise<void> {
  await db.query(
    `WITH appended AS (
       INSERT INTO outbox_messages (topic, payload, created_at)
       SELECT 'webhook', jsonb_build_object('account_id', $1::text, 'mode', 'live', 'payload',
                jsonb_build_object('event', 'intake.archived', 'intake_id', 'in_' || g, 'project_name', 'P' || g,
                                   'timestamp', 1795000000)), now()
         FROM generate_series(1, $2::int) g
       RETURNING id)
     SELECT pg_notify('webhook_outbox', '') FROM appended LIMIT 1`,
    [accountId, count],
  );
}
