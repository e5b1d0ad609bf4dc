import { Module } from '@nestjs/common';
import { ReceiveMailEvents, RecordMailEvents } from '@intake/application-chasing';
import { useCase } from '@intake/http';
import { IntakesModule } from '../intakes/intakes.module';
import { MailEventsController } from './mail-events.controller';

/**
 * The mail provider's reports (DESIGN.md §4): POST /v1/provider/mail-events, through the intakes
 * context's events (the outbox). SentChases comes from ChasingPersistenceModule (global).
 */
@Module({
  imports: [IntakesModule],
  controllers: [MailEventsController],
  providers: [useCase(RecordMailEvents), useCase(ReceiveMailEvents)],
})
export class MailEventsModule {}
