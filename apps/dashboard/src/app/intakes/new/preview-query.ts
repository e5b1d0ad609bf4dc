import { type IntakeFormValues } from './intake-form';

/**
 * The GET /v1/intakes/preview query for the form: the client's language and the project name when
 * given (the API falls back to the account's language and a placeholder name).
 */
export function previewQueryOf(values: Pick<IntakeFormValues, 'clientLanguage' | 'projectName'>): {
  language?: string;
  project_name?: string;
} {
  const query: { language?: string; project_name?: string } = {};
  if (values.clientLanguage) query.language = values.clientLanguage;
  if (values.projectName.trim()) query.project_name = values.projectName.trim();
  return query;
}
