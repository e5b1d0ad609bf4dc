import { type TemplateRecord, TemplateStore } from '../ports/template-store.port';

/** GET /v1/templates: the account's saved item lists. */
export class ListTemplates {
  static readonly inject = [TemplateStore] as const;

  constructor(private readonly templates: TemplateStore) {}

  execute(accountId: string): Promise<TemplateRecord[]> {
    return this.templates.list(accountId);
  }
}
