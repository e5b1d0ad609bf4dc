import { DynamicModule, Logger, Module } from '@nestjs/common';
import { RouterModule } from '@nestjs/core';
import { AppConfig } from '@intake/config';
import { DashboardController, DashboardRoutes } from './dashboard.controller';
import { DashboardFiles, findDashboardBuild, pathPrefixOf, RESERVED_PATHS, storageOrigin } from './dashboard-files';

/**
 * The owner dashboard (apps/dashboard), served at APP_URL's path (the api's root by default), so
 * it shares the api's origin: the session cookie and the CSRF header work without CORS. Its
 * index.html answers every page path there but the API's, the portal's and the probes'.
 *
 * Not served when APP_URL and PORTAL_URL have the same path (both at a host's root): the portal
 * page takes every one-segment path there, so the two cannot share it; a warning says so.
 */
@Module({})
export class DashboardModule {
  static forRoot(
    config: Pick<AppConfig, 'appUrl' | 'portalUrl' | 'storage'>,
    directory = findDashboardBuild(),
  ): DynamicModule {
    const appPath = pathPrefixOf(config.appUrl);
    const portalPath = pathPrefixOf(config.portalUrl);
    const logger = new Logger('DashboardModule');
    if (appPath === portalPath) {
      logger.warn(`dashboard not served: APP_URL and PORTAL_URL share the path "${appPath || '/'}"`);
      return { module: DashboardModule };
    }
    const files = DashboardFiles.load(directory, appPath, [storageOrigin(config.storage)]);
    if (!files.built) logger.warn('dashboard not built: GET / answers 404 (npx nx build dashboard)');
    const routes: DashboardRoutes = { appPath, reserved: [...RESERVED_PATHS, portalPath] };
    return {
      module: DashboardModule,
      imports: [RouterModule.register([{ path: appPath || '/', module: DashboardModule }])],
      controllers: [DashboardController],
      providers: [
        { provide: DashboardFiles, useValue: files },
        { provide: DashboardRoutes, useValue: routes },
      ],
    };
  }
}
