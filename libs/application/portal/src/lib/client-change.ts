import { type ChangedIntake, type IntakeChange, type IntakeWriter } from '@intake/application-intakes';
import { type RequestMeta } from '@intake/kernel';
import { asPortalError, assertPortalSlug } from './portal-link';

/**
 * The client changes their intake through the intakes context's write path, found by the portal
 * link's slug. A malformed slug and an unknown one are the same 404 as any other portal miss.
 */
export async function changeAsClient(
  writer: IntakeWriter,
  slug: string,
  meta: RequestMeta,
  change: IntakeChange,
): Promise<ChangedIntake> {
  assertPortalSlug(slug);
  try {
    return await writer.change({ by: 'client', slug }, meta, change);
  } catch (error) {
    throw asPortalError(error);
  }
}
