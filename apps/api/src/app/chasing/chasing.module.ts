import { Module } from '@nestjs/common';
import { ManualChaseLimits, PreviewInvitation, RecordManualChase, SmsCredits } from '@intake/application-chasing';
import { useCase } from '@intake/http';
import { IntakesModule } from '../intakes/intakes.module';
import { MailPreviewController } from './mail-preview.controller';
import { ManualChaseController } from './manual-chase.controller';

/**
 * The chasing context in the api: manual chases (e-mail or SMS) and the invitation preview. The
 * scheduler sends what is recorded here. SmsTransport comes from SmsModule, the stores from the
 * (global) persistence modules, the write path from IntakesModule.
 */
@Module({
  imports: [IntakesModule],
  controllers: [ManualChaseController, MailPreviewController],
  providers: [useCase(ManualChaseLimits), useCase(SmsCredits), useCase(RecordManualChase), useCase(PreviewInvitation)],
})
export class ChasingModule {}
