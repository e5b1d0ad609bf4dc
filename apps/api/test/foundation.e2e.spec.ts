import { Body, Controller, Get, Module, Post } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Type } from 'class-transformer';
import { ArrayMinSize, IsEmail, IsNotEmpty, IsString, ValidateNested } from 'class-validator';
import { DataSource } from 'typeorm';
import { AppConfig } from '@intake/config';
import { Public } from '@intake/http';
import { isId } from '@intake/ids';
import { TcpProxy } from '@intake/testing';
import { ApiModule } from '../src/app/api.module';
import { useApi } from './api-test-app';

class ClientDto {
  @IsEmail()
  email!: string;

  @IsString()
  @IsNotEmpty()
  name!: string;
}

class ItemDto {
  @IsString()
  @IsNotEmpty()
  key!: string;
}

class CreateThingDto {
  @IsString()
  @IsNotEmpty()
  project_name!: string;

  @ValidateNested()
  @Type(() => ClientDto)
  client!: ClientDto;

  @ValidateNested({ each: true })
  @ArrayMinSize(1)
  @Type(() => ItemDto)
  items!: ItemDto[];
}

/** Routes that exist only in this test, to drive the edge behaviour every real route shares. */
@Public()
@Controller('_probe')
class EdgeProbeController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Post('things')
  create(@Body() body: CreateThingDto) {
    return { ok: true, project_name: body.project_name };
  }

  @Get('boom')
  boom(): never {
    throw new Error('relation "secret_table" does not exist: SELECT password FROM secret_table');
  }

  @Get('db')
  async db() {
    const [row] = await this.dataSource.query('SELECT 1 AS one');
    return row;
  }
}

const withProbes = (config: AppConfig) => {
  @Module({
    imports: [ApiModule.forRoot(config)],
    controllers: [EdgeProbeController],
  })
  class EdgeTestModule {}
  return EdgeTestModule;
};

describe('api foundation (real Postgres and Redis)', () => {
  let pgProxy: TcpProxy;
  let redisProxy: TcpProxy;
  // The api reaches PostgreSQL and Redis through proxies the tests can cut.
  const api = useApi(
    { BODY_LIMIT_BYTES: '2048' },
    {
      rootModule: withProbes,
      prepare: async (environment) => {
        const db = new URL(environment.db.url);
        pgProxy = await new TcpProxy(db.hostname, Number(db.port || 5432)).start();
        const redis = new URL(environment.env['REDIS_URL'] as string);
        redisProxy = await new TcpProxy(redis.hostname, Number(redis.port || 6379)).start();
        const viaProxy = new URL(environment.db.url);
        viaProxy.host = `127.0.0.1:${pgProxy.port}`;
        return {
          ...environment.env,
          DATABASE_URL: viaProxy.toString(),
          REDIS_URL: `redis://127.0.0.1:${redisProxy.port}`,
        };
      },
    },
  );

  afterAll(async () => {
    await pgProxy?.stop();
    await redisProxy?.stop();
  });

  const expectEnvelope = (response: { headers: Record<string, unknown>; json(): Record<string, unknown> }) => {
    const body = response.json();
    expect(typeof body['error']).toBe('string');
    expect(typeof body['message']).toBe('string');
    expect(isId('request', body['request_id'])).toBe(true);
    expect(response.headers['x-request-id']).toBe(body['request_id']);
    return body;
  };

  describe('probes', () => {
    it('GET /healthz answers ok', async () => {
      const response = await api.t.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
      expect(isId('request', response.headers['x-request-id'])).toBe(true);
    });

    it('GET /readyz is 200 when every dependency answers', async () => {
      const response = await api.t.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: 'ok',
        checks: {
          database: 'ok',
          redis: 'ok',
          object_storage: 'ok',
          mail_transport: 'ok',
        },
      });
    });
  });

  describe('error envelope', () => {
    it('an unknown route is 404 not_found', async () => {
      const response = await api.t.app.inject({
        method: 'GET',
        url: '/v1/no-such-thing',
      });
      expect(response.statusCode).toBe(404);
      expect(expectEnvelope(response)['error']).toBe('not_found');
    });

    it('a path the router refuses (broken percent-encoding, a 1,025-character parameter) is the 404 envelope', async () => {
      for (const url of ['/v1/intakes/%zz', '/v1/intakes/%ED%A0%80', `/v1/intakes/${'x'.repeat(1025)}`]) {
        const response = await api.t.app.inject({ method: 'GET', url });
        expect([url.slice(0, 20), response.statusCode]).toEqual([url.slice(0, 20), 404]);
        expect(expectEnvelope(response)['error']).toBe('not_found');
      }
    });

    it('malformed JSON is 400 invalid_request', async () => {
      const response = await api.t.app.inject({
        method: 'POST',
        url: '/_probe/things',
        headers: { 'content-type': 'application/json' },
        payload: '{"project_name": ',
      });
      expect(response.statusCode).toBe(400);
      const body = expectEnvelope(response);
      expect(body['error']).toBe('invalid_request');
      expect(body['reason']).toBe('malformed_json');
    });

    it('an empty JSON body is 400 invalid_request', async () => {
      const response = await api.t.app.inject({
        method: 'POST',
        url: '/_probe/things',
        headers: { 'content-type': 'application/json' },
        payload: '',
      });
      expect(response.statusCode).toBe(400);
      expect(expectEnvelope(response)['reason']).toBe('malformed_json');
    });

    it('a body that is not JSON where JSON is expected is 415 unsupported_media_type', async () => {
      for (const contentType of ['text/csv', 'text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
        const response = await api.t.app.inject({
          method: 'POST',
          url: '/_probe/things',
          headers: { 'content-type': contentType },
          payload: 'a,b',
        });
        expect([contentType, response.statusCode]).toEqual([contentType, 415]);
        const body = expectEnvelope(response);
        expect(body['error']).toBe('unsupported_media_type');
        expect(body['reason']).toBeUndefined();
        expect(response.headers['x-content-type-options']).toBe('nosniff');
      }
    });

    it('missing and malformed fields are 422 validation_failed with one detail per field', async () => {
      const response = await api.t.app.inject({
        method: 'POST',
        url: '/_probe/things',
        payload: {
          client: { email: 'not-an-email' },
          items: [{ key: 'logo' }, {}],
          surprise: true,
        },
      });
      expect(response.statusCode).toBe(422);
      const body = expectEnvelope(response);
      expect(body['error']).toBe('unprocessable');
      expect(body['reason']).toBe('validation_failed');
      const details = body['details'] as Array<{
        path: string;
        message: string;
      }>;
      expect(details.map((d) => d.path).sort()).toEqual(
        ['client.email', 'client.name', 'items[1].key', 'project_name', 'surprise'].sort(),
      );
      for (const detail of details) expect(detail.message.length).toBeGreaterThan(0);
    });

    it('a valid body passes the pipe', async () => {
      const response = await api.t.app.inject({
        method: 'POST',
        url: '/_probe/things',
        payload: {
          project_name: 'Web',
          client: { email: 'a@example.com', name: 'A' },
          items: [{ key: 'logo' }],
        },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ ok: true, project_name: 'Web' });
    });

    it('a body over the configured limit is 422, never 413', async () => {
      const response = await api.t.app.inject({
        method: 'POST',
        url: '/_probe/things',
        payload: {
          project_name: 'x'.repeat(4096),
          client: { email: 'a@example.com', name: 'A' },
          items: [{ key: 'k' }],
        },
      });
      expect(response.statusCode).toBe(422);
      const body = expectEnvelope(response);
      expect(body['error']).toBe('unprocessable');
      expect(body['details']).toEqual([{ path: 'body', message: expect.any(String) }]);
    });

    it('an unexpected exception is 500 internal_error without stack, SQL or driver text, logged with the request id', async () => {
      const response = await api.t.app.inject({
        method: 'GET',
        url: '/_probe/boom',
      });
      expect(response.statusCode).toBe(500);
      const body = expectEnvelope(response);
      expect(body['error']).toBe('internal_error');
      expect(response.body).not.toMatch(/secret_table|SELECT|password|at .*\.ts|stack/i);
      const logged = api.t.logs.records().find((r) => r['request_id'] === body['request_id'] && r['level'] === 50);
      expect(logged).toBeDefined();
      expect(JSON.stringify(logged)).toContain('secret_table');
    });
  });

  describe('outages', () => {
    afterEach(() => {
      pgProxy.restore();
      redisProxy.restore();
    });

    it('database unreachable: 503 service_unavailable with Retry-After, and /readyz names the database', async () => {
      expect((await api.t.app.inject({ method: 'GET', url: '/_probe/db' })).statusCode).toBe(200);
      pgProxy.cut();
      const response = await api.t.app.inject({ method: 'GET', url: '/_probe/db' });
      expect(response.statusCode).toBe(503);
      const body = expectEnvelope(response);
      expect(body['error']).toBe('service_unavailable');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      // The message, not the whole body: the random request id may contain "pg".
      expect(body['message']).not.toMatch(/ECONN|terminated|\bpg\b|postgres/i);

      const ready = await api.t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(expectEnvelope(ready)['params']).toMatchObject({
        failing: ['database'],
      });

      pgProxy.restore();
      expect((await api.t.app.inject({ method: 'GET', url: '/_probe/db' })).statusCode).toBe(200);
    });

    it('Redis unreachable: /readyz is 503 naming redis', async () => {
      redisProxy.cut();
      const ready = await api.t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      const body = expectEnvelope(ready);
      expect((body['params'] as { failing: string[] }).failing).toEqual(['redis']);
      expect(body['message']).toContain('redis');
    });
  });

  describe('logging', () => {
    it('never logs Authorization, cookies or secret values, and every request line has the request id', async () => {
      const apiKey = 'svc_live_Zm9vYmFyYmF6cXV4cXV1eGNvcmdl';
      const sessionId = 'sid-value-7b1f0c3e9d';
      const password = 'hunter2-correct-horse';
      const before = api.t.logs.lines.length;
      const response = await api.t.app.inject({
        method: 'POST',
        url: '/_probe/things',
        headers: {
          authorization: `Bearer ${apiKey}`,
          cookie: `sid=${sessionId}; csrf_token=abc`,
        },
        payload: {
          project_name: 'P',
          client: { email: 'a@example.com', name: 'A' },
          items: [{ key: 'k' }],
          password,
        },
      });
      expect(response.statusCode).toBe(422); // password is not an accepted field
      const lines = api.t.logs.lines.slice(before);
      expect(lines.length).toBeGreaterThan(0);
      const text = lines.join('\n');
      expect(text).not.toContain(apiKey);
      expect(text).not.toContain(sessionId);
      expect(text).not.toContain(password);
      for (const line of lines) {
        expect(JSON.parse(line)['request_id']).toBe(response.headers['x-request-id']);
        expect(line.match(/"request_id":/g)).toHaveLength(1);
      }
    });

    it('writes the request id once on the error line of a 500 too', async () => {
      const before = api.t.logs.lines.length;
      const response = await api.t.app.inject({ method: 'GET', url: '/_probe/boom' });
      const lines = api.t.logs.lines.slice(before);
      expect(lines.some((line) => JSON.parse(line)['level'] === 50)).toBe(true);
      for (const line of lines) {
        expect(line.match(/"request_id":/g)).toHaveLength(1);
        expect(JSON.parse(line)['request_id']).toBe(response.headers['x-request-id']);
      }
    });

    it('keeps user text inside its field: a newline cannot forge a log line', () => {
      const before = api.t.logs.lines.length;
      const logger = (api.t.app.getHttpAdapter().getInstance() as { log: { warn(o: object, m: string): void } }).log;
      const forged = 'Site\n{"level":50,"msg":"forged","request_id":"req_forged"}\r\n';
      logger.warn({ project_name: forged }, `creating ${forged}`);
      const lines = api.t.logs.lines.slice(before);
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0] as string)).toMatchObject({ project_name: forged, msg: `creating ${forged}` });
    });

    it('redacts the bound parameters of a failed query', () => {
      const before = api.t.logs.lines.length;
      const logger = (api.t.app.getHttpAdapter().getInstance() as { log: { error(o: object, m: string): void } }).log;
      logger.error(
        {
          err: {
            message: 'bind failed',
            query: 'INSERT …',
            parameters: ['hunter2-secret'],
            driverError: { parameters: ['hunter2-secret'] },
          },
        },
        'x',
      );
      expect(api.t.logs.lines.slice(before).join('\n')).not.toContain('hunter2-secret');
    });

    it('redacts secrets even when code passes them to the logger', () => {
      const before = api.t.logs.lines.length;
      const logger = (
        api.t.app.getHttpAdapter().getInstance() as {
          log: { info(o: object, m: string): void };
        }
      ).log;
      logger.info(
        {
          headers: { authorization: 'Bearer svc_live_leak' },
          body: { password: 'leak-pw' },
          user: { token: 'leak-token' },
        },
        'x',
      );
      const text = api.t.logs.lines.slice(before).join('\n');
      expect(text).not.toMatch(/svc_live_leak|leak-pw|leak-token/);
      expect(text).toContain('[redacted]');
    });
  });

  it('test-clock routes do not exist unless TEST_CLOCK=enabled', async () => {
    for (const url of ['/_test/clock', '/_test/tick']) {
      const response = await api.t.app.inject({
        method: 'POST',
        url,
        payload: { advance_seconds: 1 },
      });
      expect(response.statusCode).toBe(404);
    }
  });
});
