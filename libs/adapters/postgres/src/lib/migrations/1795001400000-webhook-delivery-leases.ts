import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Whose lease a delivery is under (issue #13, the dispatcher), and room for the lease in the page. Each claim by a dispatcher writes a
 * token of its own with `lease_until`, and an outcome is recorded only under that token: a
 * dispatcher that stalled past its lease, while another claimed the delivery again, cannot record
 * over the other's attempt (each attempt is counted once, by whoever holds the delivery).
 */
export class WebhookDeliveryLeases1795001400000 implements MigrationInterface {
  name = 'WebhookDeliveryLeases1795001400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_deliveries ADD COLUMN lease_token text`);
    // A claim writes only the lease (no indexed column): with room left in each page the new row
    // version stays on it and no index is touched (a HOT update), as the queue is worked through.
    await q.query(`ALTER TABLE webhook_deliveries SET (fillfactor = 70)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_deliveries RESET (fillfactor)`);
    await q.query(`ALTER TABLE webhook_deliveries DROP COLUMN lease_token`);
  }
}
