import { type ChaseQueue, type SentChases } from '@intake/application-chasing';
import { type IntakeStoresFixture, aChase, anIntake, at } from './intake-stores.fixture';

export interface SentChasesFixture extends IntakeStoresFixture {
  /** Sends chases the way the scheduler does (claim, then settle), so that they carry a message id. */
  queue: ChaseQueue;
  sent: SentChases;
}

/** The behaviour every SentChases must have, run against each of them. */
export function describeSentChasesContract(name: string, setup: () => Promise<SentChasesFixture>): void {
  describe(`SentChases contract: ${name}`, () => {
    let f: SentChasesFixture;
    beforeAll(async () => {
      f = await setup();
    });
    afterAll(async () => {
      await f?.teardown();
    });

    let minute = 0;
    /** A chase of a fresh intake, sent (by a scheduler's claim and settle) with this message id. */
    async function sent(messageId: string | null, channel: 'email' | 'sms' = 'email') {
      const accountId = await f.createAccount();
      const intake = anIntake(accountId);
      await f.intakes.insert(intake, []);
      minute += 10;
      const chase = aChase(intake.id, { scheduled_at: at(minute), channel });
      await f.chases.insertChase(chase);
      await f.queue.claimDue(at(minute), 1000, { worker: 'contract', until: at(minute + 5) }, null);
      const outcome = {
        status: 'sent',
        at: at(minute),
        provider_message_id: messageId,
        recipients: ['jana@example.com'],
        missing_items_count: 1,
      } as const;
      expect(await f.queue.settle(chase.id, 'contract', outcome)).toBe(true);
      return { accountId, intake, chase };
    }

    it('finds a sent e-mail chase by its message id, stored with angle brackets or without', async () => {
      const bracketed = await sent('<m-1@intake.test>');
      const bare = await sent('0100018f-ses-2');
      expect(await f.sent.findByMessageId(['m-1@intake.test'])).toEqual({
        id: bracketed.chase.id,
        intake_id: bracketed.intake.id,
        account_id: bracketed.accountId,
        status: 'sent',
        provider_message_id: '<m-1@intake.test>',
        delivered_to: [],
        provider_events: [],
      });
      expect((await f.sent.findByMessageId(['nothing', '0100018f-ses-2']))?.id).toBe(bare.chase.id);
    });

    it('finds nothing for an unknown id, a chase sent without one, or a text message', async () => {
      await sent(null);
      await sent('SM0123456789abcdef', 'sms');
      expect(await f.sent.findByMessageId(['m-unknown@intake.test'])).toBeUndefined();
      expect(await f.sent.findByMessageId(['SM0123456789abcdef'])).toBeUndefined();
      expect(await f.sent.findByMessageId([])).toBeUndefined();
    });

    it('answers the most recently sent chase when two went out with one id', async () => {
      await sent('<twice@intake.test>');
      const later = await sent('<twice@intake.test>');
      expect((await f.sent.findByMessageId(['twice@intake.test']))?.id).toBe(later.chase.id);
    });

    it('records applied reports: status, delivered addresses, keys appended', async () => {
      const { chase, intake } = await sent('<m-3@intake.test>');
      const delivered = {
        from: 'sent',
        status: 'sent',
        delivered_to: ['jana@example.com'],
        events: ['delivery:jana@example.com'],
      } as const;
      expect(await f.sent.recordEvents(chase.id, delivered)).toBe(true);
      const bounced = {
        from: 'sent',
        status: 'bounced',
        delivered_to: ['jana@example.com'],
        events: ['bounce:Transient:petr@example.com', 'bounce:Transient:eva@example.com'],
      } as const;
      expect(await f.sent.recordEvents(chase.id, bounced)).toBe(true);
      expect(await f.sent.findByMessageId(['m-3@intake.test'])).toMatchObject({
        status: 'bounced',
        delivered_to: ['jana@example.com'],
        provider_events: ['delivery:jana@example.com', ...bounced.events],
      });
      expect((await f.chases.chases(intake.id))[0]).toMatchObject({ status: 'bounced', sent_at: at(minute) });
    });

    it('refuses, writing nothing, a report already recorded or a status that changed meanwhile', async () => {
      const { chase } = await sent('<m-4@intake.test>');
      const first = {
        from: 'sent',
        status: 'bounced',
        delivered_to: [],
        events: ['bounce:Permanent:jana@example.com'],
      } as const;
      expect(await f.sent.recordEvents(chase.id, first)).toBe(true);
      const again = {
        ...first,
        from: 'bounced',
        status: 'complained',
        events: ['complaint:jana@example.com', ...first.events],
      } as const;
      expect(await f.sent.recordEvents(chase.id, again)).toBe(false);
      const stale = {
        from: 'sent',
        status: 'complained',
        delivered_to: ['x@example.com'],
        events: ['complaint:jana@example.com'],
      } as const;
      expect(await f.sent.recordEvents(chase.id, stale)).toBe(false);
      expect(await f.sent.findByMessageId(['m-4@intake.test'])).toMatchObject({
        status: 'bounced',
        delivered_to: [],
        provider_events: first.events,
      });
    });
  });
}
