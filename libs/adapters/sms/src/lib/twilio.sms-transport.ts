import {
  assertSendableSms,
  type OutgoingSms,
  type SentSms,
  SmsTransport,
  SmsTransportError,
} from '@intake/application-sms';

export interface TwilioSettings {
  /** Scheme, host and optional path of the API; Twilio's own is https://api.twilio.com. */
  baseUrl: string;
  /** `AC…`: the account the messages are sent from (the Basic auth user name). */
  accountSid: string;
  /** The account's auth token (the Basic auth password). */
  authToken: string;
  /** Sender: an E.164 number, short code or alphanumeric sender id. */
  from?: string;
  /** `MG…`: a messaging service that picks the sender; used instead of `from` when set. */
  messagingServiceSid?: string;
  /** How long one request may take, answer included; 10 s unless set. */
  timeoutMs?: number;
}

export const TWILIO_DEFAULT_TIMEOUT_MS = 10_000;

/** Twilio error codes that mean the recipient's number cannot receive the message. */
const RECIPIENT_ERRORS = new Set([
  21211, // invalid 'To' phone number
  21214, // 'To' phone number cannot be reached
  21217, // phone number does not appear to be valid
  21401, // invalid phone number
  21407, // this phone number type does not support SMS
  21421, // phone number is invalid
  21610, // the recipient replied STOP (unsubscribed)
  21612, // cannot route to this number
  21614, // 'To' number is not a valid mobile number
]);

interface Answer {
  status: number;
  body: unknown;
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

/**
 * A provider's own message, fit for an operator's log: Twilio quotes the number it refused, so
 * digit runs that look like phone numbers are masked; control characters go; it is cut short.
 */
function cleanProviderMessage(message: unknown): string | undefined {
  if (typeof message !== 'string') return undefined;
  const cleaned = message
    .replace(/\+?\d[\d\s().-]{5,}\d/g, '[number]')
    .replace(/\p{Cc}+/gu, ' ')
    .trim();
  if (cleaned === '') return undefined;
  return cleaned.length > 200 ? `${cleaned.slice(0, 199)}…` : cleaned;
}

/** Maps a refusal to the port's failure reasons, from the HTTP status and Twilio's error code. */
function refusal(answer: Answer): SmsTransportError {
  const rawCode = field(answer.body, 'code');
  const code = typeof rawCode === 'number' || typeof rawCode === 'string' ? rawCode : undefined;
  const providerMessage = cleanProviderMessage(field(answer.body, 'message'));
  const detail = `Twilio${code === undefined ? '' : ` error ${code}`} (HTTP ${answer.status})${
    providerMessage ? `: ${providerMessage}` : ''
  }`;
  const provider = { status: answer.status, ...(code === undefined ? {} : { code }) };
  const { status } = answer;
  if (status === 401 || status === 403) {
    return new SmsTransportError('unauthorized', `SMS provider refused our credentials: ${detail}`, provider);
  }
  if (status === 429 || status >= 500) {
    return new SmsTransportError('unavailable', `SMS provider is unavailable: ${detail}`, provider);
  }
  if (status >= 400 && RECIPIENT_ERRORS.has(Number(code))) {
    return new SmsTransportError('invalid_recipient', `SMS provider refused the recipient: ${detail}`, provider);
  }
  if (status >= 400) {
    return new SmsTransportError('rejected', `SMS provider refused the message: ${detail}`, provider);
  }
  return new SmsTransportError('unavailable', `SMS provider answered unexpectedly: ${detail}`, provider);
}

/** The error code of a failed connection (ECONNREFUSED, ENOTFOUND…), never a URL or header. */
function networkCode(error: unknown): string {
  // Not `instanceof Error`: fetch's errors come from another realm under a test runner's vm.
  const code = field(field(error, 'cause'), 'code') ?? field(error, 'code');
  return typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code) ? code : 'network error';
}

/**
 * Sends through Twilio's Messages API (or anything that speaks its shape):
 * `POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded `To`, `From` or
 * `MessagingServiceSid`, `Body`, HTTP Basic auth AccountSid:AuthToken; 201 with the message `sid`.
 * Nothing is logged; errors carry neither the token nor the message text.
 */
export class TwilioSmsTransport extends SmsTransport {
  readonly driver = 'twilio' as const;
  readonly timeoutMs: number;
  private readonly accountUrl: string;
  private readonly sender: Record<string, string>;
  // An ES private field: never shown by util.inspect or JSON.stringify of the transport.
  readonly #authorization: string;

  constructor(settings: TwilioSettings) {
    super();
    if (!settings.from && !settings.messagingServiceSid) {
      throw new Error('Twilio needs a sender: from or messagingServiceSid');
    }
    this.timeoutMs = settings.timeoutMs ?? TWILIO_DEFAULT_TIMEOUT_MS;
    this.accountUrl = `${settings.baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(
      settings.accountSid,
    )}`;
    this.sender = settings.messagingServiceSid
      ? { MessagingServiceSid: settings.messagingServiceSid }
      : { From: settings.from as string };
    this.#authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  }

  async send(sms: OutgoingSms): Promise<SentSms> {
    assertSendableSms(sms);
    const form = new URLSearchParams({ To: sms.to, ...this.sender, Body: sms.body });
    const answer = await this.request('POST', `${this.accountUrl}/Messages.json`, form);
    if (answer.status !== 200 && answer.status !== 201) throw refusal(answer);
    const sid = field(answer.body, 'sid');
    if (typeof sid !== 'string' || sid === '') {
      const problem = `SMS provider accepted the message without a sid (HTTP ${answer.status})`;
      throw new SmsTransportError('unavailable', problem, { status: answer.status });
    }
    return { messageId: sid };
  }

  /** Fetches the account: proves the address, the credentials and that the account is active. */
  async check(): Promise<void> {
    const answer = await this.request('GET', `${this.accountUrl}.json`);
    if (answer.status !== 200) throw refusal(answer);
    const status = field(answer.body, 'status');
    if (typeof status === 'string' && status !== 'active') {
      throw new SmsTransportError('unauthorized', `SMS provider account is ${status.slice(0, 40)}`, { status: 200 });
    }
  }

  private async request(method: 'GET' | 'POST', url: string, form?: URLSearchParams): Promise<Answer> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      const response = await fetch(url, {
        method,
        headers: {
          authorization: this.#authorization,
          accept: 'application/json',
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' } : {}),
        },
        body: form?.toString(),
        redirect: 'error',
        signal,
      });
      const text = await response.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      return { status: response.status, body };
    } catch (error) {
      if (signal.aborted) {
        throw new SmsTransportError('timeout', `SMS provider did not answer within ${this.timeoutMs} ms`);
      }
      throw new SmsTransportError('unavailable', `SMS provider unreachable (${networkCode(error)})`);
    }
  }
}
