import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GetDownloadPreflight } from '@intake/application-results';
import { accessOf, type Principal } from '@intake/domain-accounts';
import { Access, CurrentPrincipal } from '../accounts/access';
import { DownloadPreflightResponse } from './results.dto';

/** The intake as one ZIP: what it would hold. */
@ApiTags('results')
@Controller('v1/intakes/:id')
export class DownloadsController {
  constructor(private readonly preflight: GetDownloadPreflight) {}

  @Get('download/preflight')
  @Access({ via: 'any', scope: 'intakes:read' })
  @ApiOperation({
    summary:
      'What GET …/download would deliver, consuming nothing: the uploads it holds and their bytes, the uploads left out (antivirus pending or infected) by name, the secret items by state, whether it is above DOWNLOAD_MAX_BYTES, and the file name.',
  })
  @ApiOkResponse({ type: DownloadPreflightResponse })
  async downloadPreflight(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
  ): Promise<DownloadPreflightResponse> {
    return this.preflight.execute({ access: accessOf(principal), intakeId: id });
  }
}
