import { actorOf, type Principal } from '@intake/domain-accounts';
import {
  checkWebhookUrl,
  isWebhookEvent,
  isWebhookFormat,
  newWebhookSecret,
  WEBHOOK_EVENTS,
  WEBHOOK_FORMATS,
  type WebhookEvent,
  type WebhookFormat,
} from '@intake/domain-webhooks';
import { DomainError, type ErrorDetail, validationFailed } from '@intake/errors';
import { newId } from '@intake/ids';
import { AuditRecorder, Clock, type RequestMeta, SecretBox, UnitOfWork } from '@intake/kernel';
import { type WebhookEndpointRecord, WebhookEndpointStore } from '../ports/webhook-endpoint-store.port';
import { WebhookSettings } from '../webhook-settings';
import { auditedEndpoint, registrationMode } from '../webhook-rules';

export interface RegisterWebhookInput {
  principal: Principal;
  url: string;
  /** Names as sent: each must be one of the seven events. */
  events: readonly string[];
  /** `raw` when absent. */
  format?: string;
  /** The endpoint's mode: a session's choice (live when absent); a key may only name its own. */
  mode?: unknown;
  meta: RequestMeta;
}

/** The new endpoint and its secret in plain text: the only time anyone sees it. */
export interface RegisteredWebhook {
  endpoint: WebhookEndpointRecord;
  secret: string;
}

/**
 * POST /v1/webhooks: an endpoint of an API key's own mode, or of the mode a session asks for (live
 * by default; a key naming another mode is 422 on `mode`), active, with a new secret (`whsec_`, 256
 * bits) stored sealed. Every field is checked before anything is written: the events (at least
 * one, each one of the seven, none twice), the format, and the URL's address safety as far as it
 * can be told without resolving the host (scheme, port, user info, loopback names and unsafe IP
 * literals; the dispatcher checks the resolved address on every attempt). At most
 * `maxEndpointsPerMode` endpoints per account and mode (409 webhook_limit).
 */
export class RegisterWebhook {
  static readonly inject = [
    UnitOfWork,
    WebhookEndpointStore,
    SecretBox,
    AuditRecorder,
    Clock,
    WebhookSettings,
  ] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly endpoints: WebhookEndpointStore,
    private readonly box: SecretBox,
    private readonly audit: AuditRecorder,
    private readonly clock: Clock,
    private readonly settings: WebhookSettings,
  ) {}

  async execute({
    principal,
    url,
    events,
    format = 'raw',
    mode: requested,
    meta,
  }: RegisterWebhookInput): Promise<RegisteredWebhook> {
    const { details, checked } = this.check(url, events, format);
    const mode = registrationMode(principal, requested);
    if ('detail' in mode) details.push(mode.detail);
    if (!checked || 'detail' in mode) throw validationFailed(details);
    const secret = newWebhookSecret();
    const endpoint: WebhookEndpointRecord = {
      id: newId('webhookEndpoint'),
      account_id: principal.accountId,
      mode: mode.mode,
      url: checked.url,
      events: checked.events,
      format: checked.format,
      secret_sealed: this.box.seal(secret),
      active: true,
      deactivated_at: null,
      created_at: this.clock.now(),
    };
    const limit = this.settings.maxEndpointsPerMode;
    await this.uow.run(async () => {
      if (!(await this.endpoints.insert(endpoint, limit))) {
        throw new DomainError(
          'conflict',
          `The account has ${limit} ${endpoint.mode} webhook endpoints, the most allowed; delete one to add another.`,
          { reason: 'webhook_limit', params: { limit, mode: endpoint.mode } },
        );
      }
      await this.audit.record(
        principal.accountId,
        actorOf(principal),
        'webhook.created',
        endpoint.id,
        meta,
        auditedEndpoint(endpoint),
      );
    });
    return { endpoint, secret };
  }

  private check(
    url: string,
    events: readonly string[],
    format: string,
  ): { details: ErrorDetail[]; checked?: { url: string; events: WebhookEvent[]; format: WebhookFormat } } {
    const details: ErrorDetail[] = [];
    const verdict = checkWebhookUrl(url, { allowPrivateNetworks: this.settings.allowPrivateNetworks });
    if (!verdict.ok) details.push({ path: 'url', message: verdict.reason });
    if (events.length === 0) details.push({ path: 'events', message: 'must name at least one event' });
    if (events.length > WEBHOOK_EVENTS.length) {
      // Seven names, each once: a longer list cannot be valid (and is not worth checking name by name).
      details.push({ path: 'events', message: `must list at most ${WEBHOOK_EVENTS.length} events, each once` });
    } else {
      events.forEach((event, i) => {
        const first = events.indexOf(event);
        if (!isWebhookEvent(event)) {
          details.push({ path: `events[${i}]`, message: `must be one of ${WEBHOOK_EVENTS.join(', ')}` });
        } else if (first !== i) {
          details.push({ path: `events[${i}]`, message: `duplicates events[${first}]` });
        }
      });
    }
    if (!isWebhookFormat(format)) {
      details.push({ path: 'format', message: `must be one of ${WEBHOOK_FORMATS.join(', ')}` });
    }
    if (details.length > 0 || !isWebhookFormat(format)) return { details };
    return { details, checked: { url, events: events as WebhookEvent[], format } };
  }
}
