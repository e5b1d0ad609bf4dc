import { Module } from '@nestjs/common';
import { RevealSecret } from '@intake/application-results';
import { useCase } from '@intake/http';
import { SecretsController } from './secrets.controller';

/**
 * The results context in the api: collecting what the client sent. The stores come from
 * ResultsPersistenceModule and IntakesPersistenceModule, the SecretBox from SecretBoxModule (all
 * global).
 */
@Module({
  controllers: [SecretsController],
  providers: [useCase(RevealSecret)],
})
export class ResultsModule {}
