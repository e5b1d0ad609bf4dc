import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiPropertyOptional,
  ApiTags,
} from '@nestjs/swagger';
import { ApiErrors } from '@intake/http';
import { IsInt, Max, Min } from 'class-validator';
import { RequestMeta } from '@intake/kernel';
import {
  CreateFolder,
  DeleteFolder,
  type FolderRecord,
  type FolderWithCount,
  ListFolders,
  UpdateFolder,
} from '@intake/application-intakes';
import { accessOf, Principal } from '@intake/domain-accounts';
import { ApiError } from '@intake/http';
import { Access, CurrentPrincipal, Meta } from '../accounts/access';
import { Optional, OptionalText, RequiredText } from '../validation';

export class CreateFolderRequest {
  @RequiredText(
    { minLength: 1, maxLength: 80, example: 'Weddings 2027', description: 'trimmed' },
    { min: 1, max: 80, trim: true },
  )
  name!: string;
}

export class UpdateFolderRequest {
  @OptionalText({ minLength: 1, maxLength: 80 }, { min: 1, max: 80, trim: true })
  name?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 1_000_000 })
  @Optional()
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  sort_order?: number;
}

export class FolderView {
  @ApiProperty({ example: 'fld_3x1Zq0Wm9c2Lk5Np7Rt8Vw' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() sort_order!: number;
  @ApiProperty({ description: 'intakes filed in it (that the caller may see)' }) intake_count!: number;
  @ApiProperty() created_at!: string;
}

export class FolderList {
  @ApiProperty({ type: [FolderView] }) folders!: FolderView[];
}

export class FolderResponse {
  @ApiProperty({ type: FolderView }) folder!: FolderView;
}

const view = (f: FolderRecord, intakeCount: number): FolderView => ({
  id: f.id,
  name: f.name,
  sort_order: f.sort_order,
  intake_count: intakeCount,
  created_at: new Date(f.created_at).toISOString(),
});

@ApiTags('folders')
@Controller('v1/folders')
export class FoldersController {
  constructor(
    private readonly listFolders: ListFolders,
    private readonly createFolder: CreateFolder,
    private readonly updateFolder: UpdateFolder,
    private readonly deleteFolder: DeleteFolder,
  ) {}

  @Get()
  @Access({ via: 'any', scope: 'intakes:read' })
  @ApiOperation({
    summary: 'Folders, ordered by sort_order then name.',
    description:
      'The account’s folders (one level, shared by the whole account, never shown to clients) with how many intakes each holds. Pass a folder’s id as folder_id when creating, changing or listing intakes. Read-only.',
  })
  @ApiOkResponse({ type: FolderList })
  async list(@CurrentPrincipal() principal: Principal): Promise<FolderList> {
    const folders = await this.listFolders.execute(accessOf(principal));
    return { folders: folders.map((f: FolderWithCount) => view(f, f.intake_count)) };
  }

  @Post()
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary: 'Create a folder for organising intakes.',
    description:
      'A name of 1 to 80 characters after trimming; the folder is placed last. 409 reason folder_exists for a name the account already uses (case-insensitively). Audited.',
  })
  @ApiCreatedResponse({ type: FolderResponse })
  @ApiConflictResponse({ type: ApiError })
  @ApiErrors({ error: 'conflict', reason: 'folder_exists' })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateFolderRequest,
    @Meta() meta: RequestMeta,
  ): Promise<FolderResponse> {
    return { folder: view(await this.createFolder.execute({ principal, name: body.name, meta }), 0) };
  }

  @Patch(':id')
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary: 'Rename or reorder a folder.',
    description:
      'At least one of name and sort_order (else 400 no_fields); 409 folder_exists for a name already used. Intakes in it are untouched. Audited.',
  })
  @ApiOkResponse({ type: FolderResponse })
  @ApiErrors({ error: 'conflict', reason: 'folder_exists' }, { error: 'invalid_request', reason: 'no_fields' })
  async update(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: UpdateFolderRequest,
    @Meta() meta: RequestMeta,
  ): Promise<FolderResponse> {
    const updated = await this.updateFolder.execute({ principal, folderId: id, patch: body, meta });
    return { folder: view(updated, updated.intake_count) };
  }

  @Delete(':id')
  @HttpCode(204)
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary: 'Delete a folder; its intakes become Unfiled.',
    description:
      'The intakes filed in it get folder_id null; nothing else about them changes (no e-mail, no event). 204 with no body; 404 for an unknown folder. Audited.',
  })
  @ApiNoContentResponse()
  async delete(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Meta() meta: RequestMeta,
  ): Promise<void> {
    await this.deleteFolder.execute({ principal, folderId: id, meta });
  }
}
