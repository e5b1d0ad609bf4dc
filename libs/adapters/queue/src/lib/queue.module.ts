import { BullModule, InjectQueue } from '@nestjs/bullmq';
import { DynamicModule, Injectable, Logger, Module, OnModuleInit } from '@nestjs/common';
import type { ConnectionOptions, Queue, QueueOptions } from 'bullmq';
import { type QueueDepth, QueueStats } from '@intake/application-health';

/** Every BullMQ queue of the service. Payload types live next to the jobs that use them. */
/** Job name of an on-demand scheduler pass (POST /_test/tick); the periodic one is `pass`. */
export const SCHEDULER_TICK_JOB = 'tick';
export const SCHEDULER_PASS_JOB = 'pass';

export enum QueueName {
  /** Scheduler passes: periodic, and on demand from POST /_test/tick. */
  Scheduler = 'scheduler',
  /** Antivirus scans of uploads, one job per file (consumed by the scheduler app). */
  Scans = 'scans',
}

/** BullMQ queues that POST /_test/tick waits to see drained after a scheduler pass (none yet; webhook deliveries are a table it waits on apart). */
export const QUEUES_DRAINED_BY_TICK: readonly QueueName[] = [];

/** ioredis connection options from a redis:// or rediss:// URL, as BullMQ needs them. */
export function bullConnection(url: string): ConnectionOptions {
  const parsed = new URL(url);
  const db = parsed.pathname.replace(/^\//, '');
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : 6379,
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: db ? Number(db) : undefined,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    // BullMQ workers block on Redis; they must retry forever rather than fail a command.
    maxRetriesPerRequest: null,
  };
}

/**
 * BullMQ queues emit connection errors; without a listener they go to console.error. They are
 * expected while Redis is away (readiness reports it), so they become warnings in our log.
 */
@Injectable()
export class QueueErrorLogger implements OnModuleInit {
  private readonly logger = new Logger('Queue');
  constructor(
    @InjectQueue(QueueName.Scheduler) private readonly scheduler: Queue,
    @InjectQueue(QueueName.Scans) private readonly scans: Queue,
  ) {}

  onModuleInit(): void {
    for (const queue of [this.scheduler, this.scans]) {
      queue.on('error', (error: Error) => this.logger.warn(`${queue.name}: ${error.message}`));
    }
  }
}

/** BullMQ's job counts of every queue, for GET /metrics. */
@Injectable()
export class BullQueueStats extends QueueStats {
  private readonly queues: Queue[];
  constructor(@InjectQueue(QueueName.Scheduler) scheduler: Queue, @InjectQueue(QueueName.Scans) scans: Queue) {
    super();
    this.queues = [scheduler, scans];
  }

  async depths(): Promise<QueueDepth[]> {
    const states = ['waiting', 'active', 'delayed', 'failed'] as const;
    const counts = await Promise.all(this.queues.map((queue) => queue.getJobCounts(...states)));
    return this.queues.flatMap((queue, i) =>
      states.map((state) => ({ queue: queue.name, state, count: counts[i]?.[state] ?? 0 })),
    );
  }
}

@Module({})
export class QueueModule {
  /** `telemetry`: BullMQ's (bullmq-otel) when tracing is on, so that jobs carry their trace. */
  static forRoot(settings: { url: string; prefix: string; telemetry?: unknown }): DynamicModule {
    return {
      module: QueueModule,
      global: true,
      imports: [
        BullModule.forRoot({
          connection: bullConnection(settings.url),
          prefix: `${settings.prefix}:bull`,
          ...(settings.telemetry ? { telemetry: settings.telemetry as QueueOptions['telemetry'] } : {}),
        }),
        BullModule.registerQueue({ name: QueueName.Scheduler }, { name: QueueName.Scans }),
      ],
      providers: [QueueErrorLogger, { provide: QueueStats, useClass: BullQueueStats }],
      exports: [BullModule, QueueStats],
    };
  }
}
