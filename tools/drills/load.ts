/**
 * The drills' steady mixed load, in a process of its own (forked by run.ts), at a fixed rate and
 * open loop (tools/bench/open-loop.ts: request i is due at start + i / rate, whatever happened to
 * the ones before it, so a dead api does not slow the load down). The mix, by request number:
 * - 4 in 10: POST /v1/intakes with an Idempotency-Key (sent at once: the invitation is a chase);
 * - 3 in 10: PUT /portal/v1/:slug/items/about of an intake created earlier (item.submitted);
 * - 1 in 10: an upload to the same intakes' file item (POST …/items/logo/files);
 * - 2 in 10: GET /v1/intakes/:id/status.
 * Portal requests and reads go to intakes whose creation was acknowledged; until there is one, a
 * create is sent instead. Each request is recorded with its outcome (status, Retry-After, error)
 * and written as JSON to `out` when the round ends. IPC: `{type: 'run', config}` → `{type: 'done'}`.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { openLoop, type OpenLoopOutcome, type OpenLoopRequest } from '../bench/open-loop';

export interface LoadConfig {
  origin: string;
  rate: number;
  seconds: number;
  /** One API key (admin scope) per account; request n uses key n % keys.length. */
  keys: string[];
  out: string;
}

export type RequestKind = 'create' | 'submit' | 'upload' | 'read';

export interface DrillRequest {
  n: number;
  kind: RequestKind;
  /** Date.now() when it was sent. */
  at: number;
  key: number;
  /** create: its Idempotency-Key and body (replayed when unacknowledged). */
  idempotencyKey?: string;
  body?: string;
  /** The intake it created or went to; submit: the value sent; upload: the file id answered. */
  intakeId?: string;
  value?: string;
  fileId?: string;
  status?: number;
  retryAfter?: string;
  error?: string;
  ms?: number;
  /** The error code of a non-2xx answer. */
  code?: string;
}

/** A 1×1 PNG: a real image, so sniffing and the checks of a file item pass. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const BOUNDARY = '----intakedrill';
const upload = Buffer.concat([
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
  ),
  PNG,
  Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
]);

export const intakeBody = (idempotencyKey: string, n: number) =>
  JSON.stringify({
    project_name: `Drill ${idempotencyKey}`,
    client: { email: `client${n}@client.example`, name: `Client ${n}` },
    items: [
      { key: 'about', type: 'longtext', label: 'About you' },
      { key: 'logo', type: 'file', label: 'Logo' },
    ],
    send: true,
  });

interface Intake {
  id: string;
  slug: string;
  key: number;
}

async function run(config: LoadConfig): Promise<void> {
  const records: DrillRequest[] = [];
  /** Acknowledged intakes not yet submitted to / uploaded to, and all of them (for reads). */
  const toSubmit: Intake[] = [];
  const toUpload: Intake[] = [];
  const created: Intake[] = [];
  let creates = 0;
  const auth = (key: number) => ({ authorization: `Bearer ${config.keys[key]}` });

  const request = (n: number): OpenLoopRequest => {
    const slot = n % 10;
    const at = Date.now();
    const take = (list: Intake[]) => list.splice(Math.floor(Math.random() * list.length), 1)[0];
    const target = slot >= 4 && slot <= 6 ? take(toSubmit) : slot === 7 ? take(toUpload) : undefined;
    const reading = slot >= 8 ? created[Math.floor(Math.random() * created.length)] : undefined;
    if (target && slot <= 6) {
      const value = `answer ${n}`;
      records[n] = { n, kind: 'submit', at, key: target.key, intakeId: target.id, value };
      return {
        method: 'PUT',
        path: `/portal/v1/${target.slug}/items/about`,
        body: JSON.stringify({ value }),
        headers: { 'content-type': 'application/json' },
      };
    }
    if (target) {
      records[n] = { n, kind: 'upload', at, key: target.key, intakeId: target.id };
      return {
        method: 'POST',
        path: `/portal/v1/${target.slug}/items/logo/files`,
        body: upload,
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        read: true,
      };
    }
    if (reading) {
      records[n] = { n, kind: 'read', at, key: reading.key, intakeId: reading.id };
      return { method: 'GET', path: `/v1/intakes/${reading.id}/status`, headers: auth(reading.key) };
    }
    // Creates go round the accounts on a count of their own (n % accounts would give them only to
    // the accounts of create slots, past the 30 invitations an account may send in an hour).
    const key = (creates += 1) % config.keys.length;
    const idempotencyKey = randomUUID();
    const body = intakeBody(idempotencyKey, n);
    records[n] = { n, kind: 'create', at, key, idempotencyKey, body };
    return {
      method: 'POST',
      path: '/v1/intakes',
      body,
      headers: { ...auth(key), 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
      read: true,
    };
  };

  const onOutcome = (n: number, outcome: OpenLoopOutcome) => {
    const record = records[n];
    if (!record) return;
    record.ms = Math.round(outcome.ms);
    if ('error' in outcome) return void (record.error = outcome.error);
    record.status = outcome.status;
    const retryAfter = outcome.headers['retry-after'];
    if (retryAfter !== undefined) record.retryAfter = String(retryAfter);
    let answer: Record<string, unknown> | undefined;
    try {
      answer = outcome.body ? (JSON.parse(outcome.body) as Record<string, unknown>) : undefined;
    } catch {
      answer = undefined;
    }
    if (outcome.status < 200 || outcome.status > 299) {
      record.code = typeof answer?.['error'] === 'string' ? answer['error'] : undefined;
      return;
    }
    if (record.kind === 'create' && answer) {
      // The slug is the last segment of the portal link ({portal_url}/{slug}).
      const slug = String(answer['portal_url']).split('/').pop() ?? '';
      const intake = { id: String(answer['intake_id']), slug, key: record.key };
      record.intakeId = intake.id;
      created.push(intake);
      toSubmit.push(intake);
      toUpload.push(intake);
    }
    if (record.kind === 'upload') record.fileId = String((answer?.['file'] as { id?: unknown })?.id);
  };

  const result = await openLoop({
    origin: config.origin,
    rate: config.rate,
    seconds: config.seconds,
    connections: 64,
    request,
    onOutcome,
    timeoutMs: 30_000,
    drainMs: 35_000,
  });
  writeFileSync(config.out, JSON.stringify(records.filter(Boolean)));
  process.send?.({ type: 'done', result });
}

process.on('message', (message: { type: string; config: LoadConfig }) => {
  if (message.type !== 'run') return;
  run(message.config).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});
process.on('disconnect', () => process.exit(0));
process.send?.({ type: 'ready' });
