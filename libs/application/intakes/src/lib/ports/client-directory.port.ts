import { type AccessContext } from '@intake/domain-accounts';

/** A client as the account's intakes describe them (GET /v1/clients). */
export interface ClientView {
  email: string;
  name: string | null;
  language: string;
  phone: string | null;
  timezone: string;
  folder_id: string | null;
  last_intake_id: string;
  last_intake_at: Date;
  intake_count: number;
}

/** The clients list, derived from the intakes the caller may see (anonymized intakes have no client). */
export abstract class ClientDirectory {
  abstract list(
    access: AccessContext,
    q: string | undefined,
    limit: number,
    offset: number,
  ): Promise<{ clients: ClientView[]; total: number }>;
}
