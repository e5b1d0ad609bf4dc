/** How many jobs of one queue are in one state (waiting, active, delayed, failed). */
export interface QueueDepth {
  queue: string;
  state: 'waiting' | 'active' | 'delayed' | 'failed';
  count: number;
}

/** The job queues' backlog (GET /metrics). */
export abstract class QueueStats {
  abstract depths(): Promise<QueueDepth[]>;
}
