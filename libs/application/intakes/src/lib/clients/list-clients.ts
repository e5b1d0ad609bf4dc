import { type AccessContext } from '@intake/domain-accounts';
import { ClientDirectory, type ClientView } from '../ports/client-directory.port';

export interface ListClientsInput {
  access: AccessContext;
  q?: string;
  limit: number;
  offset: number;
}

/** GET /v1/clients: the clients of the intakes the caller may see, derived from them. */
export class ListClients {
  static readonly inject = [ClientDirectory] as const;

  constructor(private readonly clients: ClientDirectory) {}

  execute({ access, q, limit, offset }: ListClientsInput): Promise<{ clients: ClientView[]; total: number }> {
    return this.clients.list(access, q, limit, offset);
  }
}
