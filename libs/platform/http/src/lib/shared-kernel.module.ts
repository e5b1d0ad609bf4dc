import { Global, Logger, Module } from '@nestjs/common';
import { AuditRecorder, Diagnostics } from '@intake/kernel';
import { useCase } from './use-case';

/** Diagnostics as warnings in the app's structured log. */
export class LoggedDiagnostics extends Diagnostics {
  private readonly logger = new Logger('Diagnostics');

  warn(event: string, fields: Record<string, unknown>): void {
    this.logger.warn({ event, ...fields });
  }
}

/**
 * The shared kernel's services every app needs (global): the audit recorder and diagnostics.
 * Its ports that live in PostgreSQL (unit of work, audit log, outbox) come from PostgresModule,
 * the Clock from ClockModule.
 */
@Global()
@Module({
  providers: [useCase(AuditRecorder), { provide: Diagnostics, useClass: LoggedDiagnostics }],
  exports: [AuditRecorder, Diagnostics],
})
export class SharedKernelModule {}
