import { bullConnection } from './queue.module';

describe('bullConnection', () => {
  it('parses host, port, credentials, database and TLS', () => {
    expect(bullConnection('rediss://user:p%40ss@redis.example:6380/2')).toEqual({
      host: 'redis.example',
      port: 6380,
      username: 'user',
      password: 'p@ss',
      db: 2,
      tls: {},
      maxRetriesPerRequest: null,
    });
  });

  it('defaults the port and leaves the rest unset', () => {
    expect(bullConnection('redis://127.0.0.1')).toMatchObject({
      host: '127.0.0.1',
      port: 6379,
      db: undefined,
      tls: undefined,
    });
  });
});
