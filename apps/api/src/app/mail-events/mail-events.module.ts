import { Module } from '@nestjs/common';
import { ReceiveMailEvents, RecordMailEvents, SentChases } from '@intake/application-chasing';
import { Metrics, useCase } from '@intake/http';
import { PostgresSentChases } from '@intake/postgres-chasing';
import { MeteredSentChases } from './metered-sent-chases';
import { IntakesModule } from '../intakes/intakes.module';
import { MailEventsController } from './mail-events.controller';

/**
 * The mail provider's reports (docs/contexts/chasing.md, "Bounces: mail provider events and reinstating"): POST /v1/provider/mail-events, through the intakes
 * context's events (the outbox). SentChases is ChasingPersistenceModule's, counted for the metrics.
 */
@Module({
  imports: [IntakesModule],
  controllers: [MailEventsController],
  providers: [
    // Counts bounces for GET /metrics (intake_chases_total{outcome="bounced"}).
    {
      provide: SentChases,
      inject: [PostgresSentChases, Metrics],
      useFactory: (inner: SentChases, metrics: Metrics) => new MeteredSentChases(inner, metrics),
    },
    PostgresSentChases,
    useCase(RecordMailEvents),
    useCase(ReceiveMailEvents),
  ],
})
export class MailEventsModule {}
