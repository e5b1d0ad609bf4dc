import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';

export interface Session {
  cookie: string;
  csrf: string;
  sid: string;
}

let counter = 0;
export const uniqueEmail = (tag = 'user') => `${tag}-${Date.now().toString(36)}-${(counter += 1)}@example.test`;
export const PASSWORD = 'correct horse battery staple';

/** A thin client over inject() for the accounts endpoints. */
export class AccountsClient {
  constructor(private readonly app: NestFastifyApplication) {}

  request(options: InjectOptions): Promise<LightMyRequestResponse> {
    return this.app.inject(options) as Promise<LightMyRequestResponse>;
  }

  /** As a session: cookies plus the CSRF header on unsafe methods. */
  asSession(session: Session, options: InjectOptions): Promise<LightMyRequestResponse> {
    const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(String(options.method ?? 'GET').toUpperCase());
    return this.request({
      ...options,
      headers: {
        ...(options.headers ?? {}),
        cookie: session.cookie,
        ...(unsafe ? { 'x-csrf-token': session.csrf } : {}),
      },
    });
  }

  asKey(key: string, options: InjectOptions): Promise<LightMyRequestResponse> {
    return this.request({ ...options, headers: { ...(options.headers ?? {}), authorization: `Bearer ${key}` } });
  }

  async signUp(
    email = uniqueEmail('owner'),
    accountName = 'Studio',
  ): Promise<{ email: string; accountId: string; userId: string }> {
    const response = await this.request({
      method: 'POST',
      url: '/v1/auth/signup',
      payload: { email, password: PASSWORD, name: 'Owner', account_name: accountName },
    });
    if (response.statusCode !== 201) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
    const body = response.json<{ user: { id: string }; account: { id: string } }>();
    return { email, accountId: body.account.id, userId: body.user.id };
  }

  async logIn(email: string, password = PASSWORD, remoteAddress?: string): Promise<Session> {
    const response = await this.request({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email, password },
      remoteAddress,
    });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    const cookies = Object.fromEntries(response.cookies.map((c) => [c.name, c.value]));
    const sid = cookies['sid'] as string;
    const csrf = cookies['csrf_token'] as string;
    return { cookie: `sid=${sid}; csrf_token=${csrf}`, csrf, sid };
  }

  async owner(): Promise<{ email: string; accountId: string; userId: string; session: Session }> {
    const signedUp = await this.signUp();
    return { ...signedUp, session: await this.logIn(signedUp.email) };
  }

  async createKey(
    session: Session,
    scopes: string[] = ['admin'],
    mode: 'live' | 'test' = 'live',
  ): Promise<{ id: string; key: string }> {
    const response = await this.asSession(session, {
      method: 'POST',
      url: '/v1/keys',
      payload: { name: 'agent', mode, scopes },
    });
    if (response.statusCode !== 201) throw new Error(`key creation failed: ${response.statusCode} ${response.body}`);
    return response.json<{ id: string; key: string }>();
  }
}

/** The invitation token from the newest .eml the outbox transport wrote for `email`. */
export async function invitationTokenFor(outboxDir: string, email: string): Promise<string> {
  const files = (await readdir(outboxDir)).filter((f) => f.endsWith('.eml')).sort();
  for (const file of files.reverse()) {
    const raw = (await readFile(join(outboxDir, file), 'utf8')).replace(/=\r?\n/g, '');
    if (!raw.includes(email)) continue;
    const match = /accept-invitation\?token=3D([A-Za-z0-9_%-]+)|accept-invitation\?token=([A-Za-z0-9_%-]+)/.exec(raw);
    const token = match?.[1] ?? match?.[2];
    if (token) return decodeURIComponent(token);
  }
  throw new Error(`no invitation mail for ${email}`);
}
