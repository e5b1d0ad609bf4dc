import { type AccessContext } from '@intake/domain-accounts';
import { type IntakeRecord, type ItemRecord } from '@intake/domain-intake';

/**
 * What the files context reads of an intake: the intake as its owner-side caller may see it, the
 * intake behind a portal link, and its items. StoredFileIntakes implements it on the intakes
 * context's store (not to be confused with IntakeFiles, the intakes context's port for the files
 * of an intake, which this context implements). Writes go through the intakes write path
 * (IntakeWriter). Every read joins the caller's unit of work.
 */
export abstract class FileIntakes {
  /** The intake if the caller's access may see it. */
  abstract get(access: AccessContext, intakeId: string): Promise<IntakeRecord | undefined>;
  /** The intake behind a portal link; drafts are not visible to the client. */
  abstract getBySlug(slug: string): Promise<IntakeRecord | undefined>;
  /** The intake's items in position order. */
  abstract items(intakeId: string): Promise<ItemRecord[]>;
}
