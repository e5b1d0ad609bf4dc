import { Client } from 'pg';

/** Counts the notifications PostgreSQL delivers on some channels (only committed ones are). */
export interface NotificationListener {
  /** How many arrived so far on `channel`, after a round trip that lets any already sent arrive. */
  heard(channel: string): Promise<number>;
  close(): Promise<void>;
}

/** LISTENs on `channels` over a connection of its own, as a dispatcher does. */
export async function listenTo(url: string, channels: readonly string[]): Promise<NotificationListener> {
  const client = new Client({ connectionString: url });
  await client.connect();
  const counts = new Map<string, number>();
  client.on('notification', (message) => counts.set(message.channel, (counts.get(message.channel) ?? 0) + 1));
  for (const channel of channels) await client.query(`LISTEN ${channel}`);
  return {
    heard: async (channel) => {
      // A notification travels on the listener's own connection: a round trip on it lets it arrive.
      await client.query('SELECT 1');
      return counts.get(channel) ?? 0;
    },
    close: () => client.end(),
  };
}
