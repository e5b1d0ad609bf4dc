import type { components } from '@intake/sdk-types';
import { unwrap } from '../../api/client';
import { ApiFailure } from '../../api/failures';
import { retryAfterSeconds } from './timeline';

type Envelope = components['schemas']['ApiError'];

/** A refusal that says when to try again (429 with Retry-After). */
export class RefusedForNow extends ApiFailure {
  constructor(
    status: number,
    envelope: Envelope | null,
    /** Seconds to wait, from Retry-After; undefined when the answer did not say. */
    readonly retryAfterSeconds: number | undefined,
  ) {
    super(status, envelope);
    this.name = 'RefusedForNow';
  }
}

/** openapi-fetch's answer, as `unwrap` takes it. */
interface Answer<Data> {
  data?: Data;
  error?: unknown;
  response: Response;
}

/**
 * `unwrap`, keeping the Retry-After of a 429: the rate-limited actions (a manual chase) say when
 * they may be tried again.
 */
export async function unwrapWithRetryAfter<Data>(call: Promise<Answer<Data>>): Promise<Data> {
  try {
    return await unwrap(call);
  } catch (failure) {
    if (!(failure instanceof ApiFailure) || failure.status !== 429) throw failure;
    const { response } = await call;
    throw new RefusedForNow(
      failure.status,
      failure.envelope,
      retryAfterSeconds(response.headers.get('Retry-After'), new Date()),
    );
  }
}
