import { type IntakeRecord, type ItemRecord } from '@intake/domain-intake';

/** What an anonymized intake shows instead of the client (an address that can never receive mail). */
export const ANONYMIZED_CLIENT = { email: 'anonymized@anonymized.invalid', name: 'Anonymized client' } as const;

/**
 * An intake's contents purged (docs/contract.md "Retention"; ADR 0014): every item's value — text,
 * structured data, choices, secrets, the owner's decisions — and every note the client wrote (the
 * intake's, the items', the reasons of waivers the client proposed). The files go separately. The
 * record stays: project, settings, item definitions, statuses and timestamps, so the dashboard
 * still shows what was asked and what happened.
 *
 * With `retention.anonymize` the client's personal data goes too: name, e-mail, phone and the
 * additional recipients are replaced, and every free text that could name the client (the owner's
 * notes on the intake and its items, the brief, the custom e-mail copy, revision and
 * received-outside notes, every waiver reason); `anonymized_at` is set.
 */
export function purgedIntake(intake: IntakeRecord, now: Date): IntakeRecord {
  const purged = { ...intake, client_note: null };
  if (!intake.retention_anonymize) return purged;
  return {
    ...purged,
    client_email: ANONYMIZED_CLIENT.email,
    client_name: ANONYMIZED_CLIENT.name,
    client_phone: null,
    also_notify: [],
    owner_note: null,
    client_brief: null,
    email_copy: null,
    anonymized_at: intake.anonymized_at ?? now,
  };
}

/** One item's contents purged (see {@link purgedIntake}); its definition and status stay. */
export function purgedItem(item: ItemRecord, anonymize: boolean): ItemRecord {
  const clientReason = item.waiver.requested_by === 'client';
  const purged: ItemRecord = {
    ...item,
    value: null,
    client_note: null,
    waiver: clientReason || anonymize ? { ...item.waiver, reason: null } : item.waiver,
  };
  if (!anonymize) return purged;
  return { ...purged, owner_note: null, revision_note: null, received_outside_note: null };
}
