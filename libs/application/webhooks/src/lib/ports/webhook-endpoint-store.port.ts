import { type Mode } from '@intake/domain-kernel';
import { type WebhookEvent, type WebhookFormat } from '@intake/domain-webhooks';

/** A row of webhook_endpoints. */
export interface WebhookEndpointRecord {
  id: string;
  account_id: string;
  /** The mode of the credential that registered it: a test intake's events go only to test endpoints. */
  mode: Mode;
  url: string;
  events: WebhookEvent[];
  format: WebhookFormat;
  /** The signing secret as the SecretBox sealed it; the plain secret is shown once, at creation. */
  secret_sealed: string;
  /** False for good once the receiver answered 410. */
  active: boolean;
  deactivated_at: Date | null;
  created_at: Date;
}

/**
 * Which endpoints a read or change may find: one mode (an API key's own), or `null` for either
 * mode (a dashboard session, which sees the whole account), as `AccessContext.mode` says.
 */
export type EndpointModes = Mode | null;

/**
 * The account's webhook endpoints: every read and change names the account and the modes it may
 * reach, so another account's endpoint, or another mode's for an API key, is not found.
 */
export abstract class WebhookEndpointStore {
  /**
   * Adds an endpoint unless its account already has `limit` endpoints of its mode (then false,
   * nothing written). Registrations of one account are serialised, so two at once cannot both
   * take the last place.
   */
  abstract insert(endpoint: WebhookEndpointRecord, limit: number): Promise<boolean>;
  /** Oldest first (created_at, id), both modes mixed when `modes` is null. */
  abstract list(accountId: string, modes: EndpointModes): Promise<WebhookEndpointRecord[]>;
  abstract get(accountId: string, modes: EndpointModes, endpointId: string): Promise<WebhookEndpointRecord | undefined>;
  /** Removes the endpoint and its deliveries; false when there was none. */
  abstract delete(accountId: string, modes: EndpointModes, endpointId: string): Promise<boolean>;
}
