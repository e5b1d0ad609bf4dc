import { DynamicModule, Module } from '@nestjs/common';
import { RouterModule } from '@nestjs/core';
import { PortalBranding } from '@intake/application-portal';
import { AppConfig } from '@intake/config';
import { useCase } from '@intake/http';
import { PortalModule } from '../portal/portal.module';
import { PortalPageController } from './portal-page.controller';
import { portalPagePrefix, PortalPageDocuments } from './portal-page.html';

/**
 * The client portal page, served under PORTAL_URL's path (`/p` by default): links are
 * `{PORTAL_URL}/{slug}`, so the route follows the configured address rather than a fixed path.
 */
@Module({})
export class PortalPageModule {
  static forRoot(config: Pick<AppConfig, 'portalUrl'>): DynamicModule {
    const prefix = portalPagePrefix(config.portalUrl);
    return {
      module: PortalPageModule,
      imports: [PortalModule, RouterModule.register([{ path: prefix || '/', module: PortalPageModule }])],
      controllers: [PortalPageController],
      providers: [{ provide: PortalPageDocuments, useValue: new PortalPageDocuments(prefix) }, useCase(PortalBranding)],
    };
  }
}
