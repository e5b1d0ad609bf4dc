import { Module } from '@nestjs/common';
import {
  PortalGuessing,
  ProposeWaiver,
  SetIntakeNote,
  SetItemNote,
  SubmitItemValue,
  ViewPortal,
} from '@intake/application-portal';
import { useCase } from '@intake/http';
import { IntakesModule } from '../intakes/intakes.module';
import { PortalController } from './portal.controller';

/** The portal context in the api: the client's view and answers, through the intakes write path. */
@Module({
  imports: [IntakesModule],
  controllers: [PortalController],
  providers: [
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
