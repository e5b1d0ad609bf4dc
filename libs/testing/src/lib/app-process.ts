import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..', '..');

/** The apps and the variable naming each one's port. */
const PORT_VARIABLE = { api: 'PORT', scheduler: 'SCHEDULER_PORT', 'webhook-dispatcher': 'DISPATCHER_PORT' } as const;
export type AppName = keyof typeof PORT_VARIABLE;

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface AppProcess {
  child: ChildProcess;
  port: number;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** The api's metrics port (METRICS_PORT, a free one unless env gives it); undefined for the workers. */
  metricsUrl?: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What it wrote to stderr so far. */
  stderr(): string;
  /** What it wrote to stdout (its log) so far, when started with `stdout: 'pipe'`; '' otherwise. */
  stdout(): string;
  /** SIGKILL unless it already ended; resolves once it has. */
  kill(): Promise<void>;
}

export interface AppProcessOptions {
  /** A built entry point (`dist/apps/<app>/main.js`) instead of compiling `main.ts` on the fly. */
  main?: string;
  /** Where its stdout (the log) goes; ignored unless said ('pipe': kept, read by `stdout()`). */
  stdout?: 'ignore' | 'inherit' | 'pipe';
  /** LOG_LEVEL; warn unless said. */
  logLevel?: string;
}

/**
 * An app's real `main.ts` in a process of its own (compiled on the fly by swc, as the start-up
 * configuration test does), ready once its port answers /readyz. For crash tests (kill -9) and
 * end-to-end tests that need another app than the one under test.
 */
export async function startAppProcess(
  app: AppName,
  env: Record<string, string | undefined>,
  options: AppProcessOptions = {},
): Promise<AppProcess> {
  const port = await freePort();
  // The api's metrics port: a free one, so that apps started side by side never collide on 9464.
  const metricsPort = app === 'api' ? (env['METRICS_PORT'] ?? String(await freePort())) : undefined;
  const args = options.main ? [options.main] : ['-r', '@swc-node/register', join(ROOT, `apps/${app}/src/main.ts`)];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      PATH: process.env['PATH'] ?? '',
      SWC_NODE_PROJECT: join(ROOT, 'tsconfig.base.json'),
      ...env,
      LOG_LEVEL: options.logLevel ?? 'warn',
      HOST: '127.0.0.1',
      [PORT_VARIABLE[app]]: String(port),
      ...(metricsPort ? { METRICS_PORT: metricsPort } : {}),
    },
    stdio: ['ignore', options.stdout ?? 'ignore', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  const started: AppProcess = {
    child,
    port,
    url,
    metricsUrl: metricsPort ? `http://127.0.0.1:${metricsPort}` : undefined,
    exited,
    stderr: () => stderr,
    stdout: () => stdout,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) throw new Error(`${app} exited at start:\n${stderr}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return started;
    } catch {
      // not listening yet
    }
    if (i > 600) {
      await started.kill();
      throw new Error(`${app} never became ready:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
