import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { DeliveryWakeups } from '@intake/application-webhooks';
import { WAKE_CHANNELS } from './channels';

export interface WakeupSettings {
  url: string;
  applicationName?: string;
  /** How often the listening connection is checked (a cut connection may not say so). */
  heartbeatMs?: number;
  /** The longest pause between two attempts to listen again. */
  maxRetryMs?: number;
}

/**
 * LISTEN on `webhook_outbox` and `webhook_deliveries` over a connection of its own (a pooled one
 * would be handed to someone else). A lost connection is opened again, 0.5 s after the loss and
 * then up to `maxRetryMs` apart; meanwhile notifications are lost, which only delays (the
 * dispatcher polls). The first trouble and the recovery are logged, not each retry. Every
 * (re)connection wakes the dispatcher, for what it may have missed.
 */
export class PostgresDeliveryWakeups extends DeliveryWakeups {
  private readonly logger = new Logger('DeliveryWakeups');
  private client: Client | undefined;
  private wake: (() => void) | undefined;
  private closed = false;
  private troubled = false;
  private retryMs = 500;
  private retryTimer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(private readonly settings: WakeupSettings) {
    super();
  }

  async listen(wake: () => void): Promise<void> {
    this.wake = wake;
    this.closed = false;
    await this.connect();
    this.heartbeat = setInterval(() => void this.check(), this.settings.heartbeatMs ?? 5_000);
    this.heartbeat.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.closed || this.client) return;
    const client = new Client({
      connectionString: this.settings.url,
      application_name: this.settings.applicationName ?? 'intake-dispatcher-listen',
      connectionTimeoutMillis: 3_000,
      keepAlive: true,
    });
    // Before connecting: an 'error' event without a listener would end the process.
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('the connection ended')));
    client.on('notification', () => this.wake?.());
    try {
      await client.connect();
      for (const channel of WAKE_CHANNELS) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      this.trouble(error);
      this.retryLater();
      return;
    }
    if (this.closed) return void (await client.end().catch(() => undefined));
    this.client = client;
    this.retryMs = 500;
    if (this.troubled) {
      this.troubled = false;
      this.logger.log('listening for webhook wake-ups again');
    }
    this.wake?.();
  }

  /** A connection that stopped answering (cut without a reset) is dropped and opened again. */
  private async check(): Promise<void> {
    const client = this.client;
    if (!client) return;
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('the listening connection did not answer')), 3_000).unref(),
    );
    try {
      await Promise.race([client.query('SELECT 1'), timeout]);
    } catch (error) {
      this.lost(client, error);
    }
  }

  private lost(client: Client, error: unknown): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    if (this.closed) return;
    this.trouble(error);
    this.retryLater();
  }

  private trouble(error: unknown): void {
    if (this.troubled) return;
    this.troubled = true;
    this.logger.warn(
      `cannot listen for webhook wake-ups (${error instanceof Error ? error.message : String(error)}); polling every second until it can`,
    );
  }

  private retryLater(): void {
    if (this.closed) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.connect(), this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, this.settings.maxRetryMs ?? 5_000);
  }
}
