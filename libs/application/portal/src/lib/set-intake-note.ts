import { IntakeWriter, unchanged } from '@intake/application-intakes';
import { validationFailed } from '@intake/errors';
import { type RequestMeta } from '@intake/kernel';
import { changeAsClient } from './client-change';
import { clientView, type PortalView } from './client-view';
import { CLIENT_NOTE_MAX } from './set-item-note';

export interface SetIntakeNoteInput {
  slug: string;
  /** null (or only white space) clears it. */
  note: string | null;
  meta: RequestMeta;
}

/**
 * PUT /portal/v1/:slug/note: the client's note on the whole intake (`client_note` of the intake),
 * trimmed, at most 2,000 characters; white space alone or null clears it. The client may write it
 * whatever the intake's state short of archived (409 intake_archived, as every portal write), a
 * completed intake included: a note is often what the client adds last. Audited as
 * `intake.client_note` (the length, not the text); no webhook event and no owner mail: the note
 * is read with the intake (its detail, results and the download's reports).
 */
export class SetIntakeNote {
  static readonly inject = [IntakeWriter] as const;

  constructor(private readonly writer: IntakeWriter) {}

  async execute({ slug, note, meta }: SetIntakeNoteInput): Promise<PortalView> {
    const text = note?.trim() || null;
    if (text !== null && text.length > CLIENT_NOTE_MAX) {
      throw validationFailed([{ path: 'note', message: `must be at most ${CLIENT_NOTE_MAX} characters` }]);
    }
    const result = await changeAsClient(this.writer, slug, meta, {
      action: 'intake.client_note',
      summary: { length: text?.length ?? 0 },
      decide: (intake, items) => ({ ...unchanged(intake, items), record: { ...intake, client_note: text } }),
    });
    return clientView(result);
  }
}
