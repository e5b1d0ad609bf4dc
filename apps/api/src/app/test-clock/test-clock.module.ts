import { Module } from '@nestjs/common';
import { TestClockController } from './test-clock.controller';
import { TickService } from './tick.service';

@Module({ controllers: [TestClockController], providers: [TickService] })
export class TestClockModule {}
