import { Module } from '@nestjs/common';
import { IntakeStore } from '@intake/application-intakes';
import {
  PortalGuessing,
  PortalIntakes,
  ProposeWaiver,
  SetIntakeNote,
  SetItemNote,
  StoredPortalIntakes,
  SubmitItemValue,
  ViewPortal,
} from '@intake/application-portal';
import { useCase } from '@intake/http';
import { IntakesModule } from '../intakes/intakes.module';
import { PortalController } from './portal.controller';

/**
 * The portal context in the api: the client's view and answers, through the intakes write path.
 * Its PortalIntakes is bound here, on the intakes context's store (IntakesPersistenceModule,
 * global): the portal has no adapter library of its own.
 */
@Module({
  imports: [IntakesModule],
  controllers: [PortalController],
  providers: [
    {
      provide: PortalIntakes,
      inject: [IntakeStore],
      useFactory: (intakes: IntakeStore) => new StoredPortalIntakes(intakes),
    },
    useCase(ViewPortal),
    useCase(SubmitItemValue),
    useCase(ProposeWaiver),
    useCase(SetItemNote),
    useCase(SetIntakeNote),
    useCase(PortalGuessing),
  ],
  exports: [ViewPortal, PortalGuessing],
})
export class PortalModule {}
