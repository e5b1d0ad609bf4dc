/**
 * The baseline: Fastify and pg alone, answering GET /v1/intakes/:id/status and GET /v1/intakes
 * with the same SQL the api runs (key lookup joined with the plan, intake, items, chases; the list
 * page, its total from the maintained counts, and the page's items),
 * without Nest, validation, the guard's Redis counter or any mapping beyond JSON. run.ts forks this
 * file into a process of its own (BARE_DATABASE_URL, BARE_PORT, BARE_POOL), with the api's flags.
 */
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { Pool } from 'pg';

/** The api's hot statements, as the bare server sends them (run.ts EXPLAINs them too). */
export const SQL = {
  key: `SELECT k.id, k.account_id, k.mode, k.scopes, k.revoked_at, a.plan
         FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.token_hash = $1`,
  intake: `SELECT * FROM intakes i WHERE i.id = $1 AND i.account_id = $2 AND i.mode = 'live'`,
  items: `SELECT * FROM items WHERE intake_id = $1 ORDER BY position`,
  chases: `SELECT * FROM chases WHERE intake_id = $1 ORDER BY created_at, attempt_no, id`,
  page: `SELECT i.id, i.slug, i.project_name, i.status, i.client_email, i.client_name, i.created_at FROM intakes i WHERE i.account_id = $1 AND i.mode = 'live' ORDER BY i.created_at DESC, i.id DESC LIMIT $2 OFFSET $3`,
  total: `SELECT coalesce(sum(n), 0)::int AS total FROM intake_counts c WHERE c.account_id = $1 AND c.mode = 'live'`,
  pageItems: `SELECT intake_id, key, assignee, required, status FROM items WHERE intake_id = ANY($1) ORDER BY position`,
} as const;

export async function startBareServer(url: string, port: number, poolSize: number): Promise<() => Promise<void>> {
  const pool = new Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => undefined); // connections ended by the final DROP DATABASE
  const app = Fastify({ logger: false });

  async function authenticate(authorization: string | undefined): Promise<{ account_id: string } | undefined> {
    const token = authorization?.replace(/^Bearer /, '') ?? '';
    const hash = createHash('sha256').update(token).digest();
    const { rows } = await pool.query(SQL.key, [hash]);
    const key = rows[0];
    if (!key || key.revoked_at) return undefined;
    return key;
  }

  app.get<{ Params: { id: string } }>('/v1/intakes/:id/status', async (request, reply) => {
    const key = await authenticate(request.headers.authorization);
    if (!key) return reply.status(401).send({ error: 'unauthorized' });
    const { rows } = await pool.query(SQL.intake, [request.params.id, key.account_id]);
    const intake = rows[0];
    if (!intake) return reply.status(404).send({ error: 'not_found' });
    const [items, chases] = await Promise.all([
      pool.query(SQL.items, [intake.id]),
      pool.query(SQL.chases, [intake.id]),
    ]);
    return {
      status: intake.status,
      due_date: intake.due_date,
      client_last_seen: intake.client_last_seen,
      items: items.rows.map((i) => ({
        key: i.key,
        status: i.status,
        submitted_at: i.submitted_at,
        label: i.label,
        assignee: i.assignee,
        required: i.required,
      })),
      chases: chases.rows,
    };
  });

  app.get<{ Querystring: { limit?: string; offset?: string } }>('/v1/intakes', async (request, reply) => {
    const key = await authenticate(request.headers.authorization);
    if (!key) return reply.status(401).send({ error: 'unauthorized' });
    const limit = Number(request.query.limit ?? 20);
    const offset = Number(request.query.offset ?? 0);
    const [list, count] = await Promise.all([
      pool.query(SQL.page, [key.account_id, limit, offset]),
      pool.query(SQL.total, [key.account_id]),
    ]);
    const ids = list.rows.map((r) => r.id);
    const items = await pool.query(SQL.pageItems, [ids]);
    return {
      intakes: list.rows.map((r) => ({
        intake_id: r.id,
        project_name: r.project_name,
        status: r.status,
        client: { email: r.client_email, name: r.client_name },
        created_at: r.created_at,
        progress: {
          submitted: items.rows.filter((i) => i.intake_id === r.id && i.status !== 'pending').length,
          total: 3,
        },
      })),
      total: count.rows[0].total,
      limit,
      offset,
    };
  });

  await app.listen({ port, host: '127.0.0.1' });
  return async () => {
    await app.close();
    await pool.end();
  };
}

if (require.main === module) {
  void startBareServer(
    process.env['BARE_DATABASE_URL'] ?? '',
    Number(process.env['BARE_PORT']),
    Number(process.env['BARE_POOL'] ?? 10),
  ).then((close) => {
    process.once('SIGTERM', () => void close().then(() => process.exit(0)));
    process.send?.({ type: 'ready' });
  });
}
