import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '@intake/http';
import { InviteMember, ListMembers, RemoveMember } from '@intake/application-accounts';
import { RequestMeta } from '@intake/kernel';
import { Principal } from '@intake/domain-accounts';
import { Access, CurrentPrincipal, Meta } from './access';
import { InvitationCreated, InviteRequest, MemberList } from './accounts.dto';
import { invitationView, userView } from './views';

@ApiTags('team')
@Controller('v1/team')
export class TeamController {
  constructor(
    private readonly inviteMember: InviteMember,
    private readonly listMembers: ListMembers,
    private readonly removeMember: RemoveMember,
  ) {}

  @Post('invitations')
  @Access({ via: 'session', role: 'owner' })
  @ApiOperation({
    summary: 'Invite a team member by e-mail (owner only).',
    description:
      'E-mails the address an invitation link to join the account as a member (email_sent says whether it went out); the invitee accepts with POST /v1/auth/accept-invitation. The account owner’s session only. 409 reason email_taken if the address already has an account. Audited.',
  })
  @ApiCreatedResponse({ type: InvitationCreated })
  @ApiErrors({ error: 'conflict', reason: 'email_taken' })
  async invite(
    @CurrentPrincipal() principal: Principal,
    @Body() body: InviteRequest,
    @Meta() meta: RequestMeta,
  ): Promise<InvitationCreated> {
    const { invitation, emailSent } = await this.inviteMember.execute({ principal, invitee: body, meta });
    return { invitation: invitationView(invitation), email_sent: emailSent };
  }

  @Get('members')
  @Access({ via: 'session' })
  @ApiOperation({
    summary: 'The account’s users, owner first.',
    description:
      'Every user of the account with their role (owner or member). Dashboard sessions only; API keys are not users and are listed by GET /v1/keys. Read-only.',
  })
  @ApiOkResponse({ type: MemberList })
  async members(@CurrentPrincipal() principal: Principal): Promise<MemberList> {
    return { members: (await this.listMembers.execute(principal.accountId)).map(userView) };
  }

  @Delete('members/:userId')
  @HttpCode(204)
  @Access({ via: 'session', role: 'owner' })
  @ApiOperation({
    summary: 'Remove a team member (owner only).',
    description:
      'Deletes the member’s user: their sessions end at once. The account owner’s session only; the owner cannot be removed (400 reason cannot_remove_owner); 404 for a user of another account. Audited.',
  })
  @ApiNoContentResponse()
  @ApiErrors({ error: 'invalid_request', reason: 'cannot_remove_owner' })
  async remove(
    @CurrentPrincipal() principal: Principal,
    @Param('userId') userId: string,
    @Meta() meta: RequestMeta,
  ): Promise<void> {
    await this.removeMember.execute({ principal, userId, meta });
  }
}
