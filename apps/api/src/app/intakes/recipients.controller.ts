import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '@intake/http';
import { INTAKE_CHANGE } from '../error-cases';
import { RequestMeta } from '@intake/kernel';
import { ReinstateRecipient } from '@intake/application-chasing';
import { AddRecipient, ListClients, RemoveRecipient } from '@intake/application-intakes';
import { accessOf, Principal } from '@intake/domain-accounts';
import { Access, CurrentPrincipal, Meta } from '../accounts/access';
import { ClientListResponse, RecipientsResponse, ReinstateResponse } from './intake-responses.dto';
import { AddRecipientRequest, ClientsQuery } from './intakes.dto';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

@ApiTags('recipients')
@Controller('v1/intakes/:id/recipients')
export class RecipientsController {
  constructor(
    private readonly addRecipient: AddRecipient,
    private readonly removeRecipient: RemoveRecipient,
    private readonly reinstateRecipient: ReinstateRecipient,
  ) {}

  @Post()
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary: 'Add an additional recipient of the intake’s e-mails.',
    description:
      'Adds an address (with an optional name) that receives the same portal link and the later reminders as the client: at most 4 besides the client (422 too_many_recipients); 409 recipient_exists if it already receives them. Sends no mail itself: the address gets the next reminder. 409 intake_archived. Audited.',
  })
  @ApiCreatedResponse({ type: RecipientsResponse, description: 'the additional recipients, the client not among them' })
  @ApiErrors(
    ...INTAKE_CHANGE,
    { error: 'conflict', reason: 'recipient_exists' },
    { error: 'unprocessable', reason: 'too_many_recipients' },
  )
  async add(
    @CurrentPrincipal() p: Principal,
    @Param('id') id: string,
    @Body() body: AddRecipientRequest,
    @Meta() meta: RequestMeta,
  ): Promise<RecipientsResponse> {
    const intake = await this.addRecipient.execute({ principal: p, intakeId: id, recipient: body, meta });
    return {
      intake_id: intake.id,
      also_notify: intake.also_notify.map((r) => ({ email: r.email, name: r.name, bounced_at: iso(r.bounced_at) })),
    };
  }

  @Delete(':email')
  @HttpCode(204)
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary: 'Remove an additional recipient.',
    description:
      'The address gets no more e-mails of the intake. The primary client cannot be removed (400 recipient_is_primary; change client details with PATCH /v1/intakes/{id}); 404 recipient_not_found if absent; 409 intake_archived. 204 with no body. Audited.',
  })
  @ApiNoContentResponse()
  @ApiErrors(
    ...INTAKE_CHANGE,
    { error: 'invalid_request', reason: 'recipient_is_primary' },
    { error: 'not_found', reason: 'recipient_not_found' },
  )
  async remove(
    @CurrentPrincipal() p: Principal,
    @Param('id') id: string,
    @Param('email') email: string,
    @Meta() meta: RequestMeta,
  ): Promise<void> {
    await this.removeRecipient.execute({ principal: p, intakeId: id, email, meta });
  }

  @Post(':email/reinstate')
  @HttpCode(200)
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary: 'Clear an address’s bounce flag so it is e-mailed again.',
    description:
      'For the client’s or an additional recipient’s address retired by a bounce or complaint (see the chase.bounced webhook), once the address is known to work: clears the flag and its run of temporary bounces. Chasing resumes, planned anew, when nobody was left to chase and the intake is sent or in progress, not stalled and not on schedule off (still_chasing says so). 404 recipient_not_found; 409 recipient_not_bounced. Audited.',
  })
  @ApiOkResponse({ type: ReinstateResponse })
  @ApiErrors(
    ...INTAKE_CHANGE,
    { error: 'not_found', reason: 'recipient_not_found' },
    { error: 'conflict', reason: 'recipient_not_bounced' },
  )
  reinstate(
    @CurrentPrincipal() p: Principal,
    @Param('id') id: string,
    @Param('email') email: string,
    @Meta() meta: RequestMeta,
  ): Promise<ReinstateResponse> {
    return this.reinstateRecipient.execute({ principal: p, intakeId: id, email, meta });
  }
}

@ApiTags('clients')
@Controller('v1/clients')
export class ClientsController {
  constructor(private readonly listClients: ListClients) {}

  @Get()
  @Access({ via: 'any', scope: 'intakes:read' })
  @ApiOperation({
    summary: 'Clients derived from intakes, most intakes first.',
    description:
      'One entry per client e-mail (grouped case-insensitively) with name, language, phone, time zone and folder from their most recent intake, and intake_count; search with q over name and e-mail, page with limit and offset. Use it to reuse a client’s details when creating an intake. An API key sees only clients of intakes of its own mode. Read-only.',
  })
  @ApiOkResponse({ type: ClientListResponse })
  async list(@CurrentPrincipal() p: Principal, @Query() query: ClientsQuery): Promise<ClientListResponse> {
    const limit = query.limit ?? 20;
    const offset = query.offset ?? 0;
    const { clients, total } = await this.listClients.execute({ access: accessOf(p), q: query.q, limit, offset });
    return {
      clients: clients.map((c) => ({ ...c, last_intake_at: new Date(c.last_intake_at).toISOString() })),
      total,
      limit,
      offset,
    };
  }
}
