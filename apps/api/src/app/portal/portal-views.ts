import { type IntakeFile } from '@intake/application-intakes';
import { type PortalView } from '@intake/application-portal';
import { progressOf, type ItemRecord } from '@intake/domain-intake';
import { isFileType } from '@intake/domain-items';
import { fileView } from '../intakes/intake-views';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** An upload as the client sees it: what it is and whether the virus scan passed. */
export function clientFileView(file: IntakeFile) {
  const { checksum_sha256: _checksum, ...view } = fileView(file);
  return view;
}

/** What the client sees of an item: never owner notes, owner items or decisions; never a secret back. */
function clientItemView(item: ItemRecord, files: IntakeFile[]) {
  const secret = item.type === 'secret';
  return {
    key: item.key,
    type: item.type,
    label: item.label,
    help: item.help,
    required: item.required,
    status: item.status,
    value: secret ? null : item.value,
    answered: item.value !== null && item.value !== undefined,
    constraints: item.constraints,
    options: item.options,
    schema: item.schema,
    pattern: item.pattern,
    submitted_at: iso(item.submitted_at),
    revision_note: item.status === 'needs_revision' ? item.revision_note : null,
    waiver: { state: item.waiver.state, reason: item.waiver.reason },
    client_note: item.client_note,
    ...(isFileType(item.type) ? { files: files.filter((f) => f.item_key === item.key).map(clientFileView) } : {}),
  };
}

export function portalView({ intake, items, files }: PortalView) {
  const progress = progressOf(items);
  return {
    project_name: intake.project_name,
    status: intake.status,
    language: intake.client_language,
    client_name: intake.client_name,
    client_brief: intake.client_brief,
    brief_files: files
      .filter((f) => f.kind === 'brief' && f.av_status === 'clean')
      .map((f) => ({
        id: f.id,
        filename: f.filename,
        mime: f.mime,
        size: f.size,
        url: `/portal/v1/${intake.slug}/brief/files/${f.id}`,
      })),
    due_date: intake.due_date,
    progress,
    client_note: intake.client_note,
    items: items.map((item) => clientItemView(item, files)),
  };
}
