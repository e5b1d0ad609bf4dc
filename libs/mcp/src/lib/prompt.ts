import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { KeyAccess } from './access';

const args = {
  client_name: z.string().describe('The client’s name.'),
  client_email: z.string().describe('The client’s e-mail address.'),
  documents: z.string().describe('What to collect, in plain words, e.g. "ID card, last three payslips, bank details".'),
  project_name: z.string().optional().describe('A name for the request; derived from the documents when absent.'),
  due_date: z.string().optional().describe('YYYY-MM-DD by which everything should be in.'),
};

/** The prompt "collect documents from a client": walks an agent through creating and following an intake. */
export const collectDocumentsPrompt = {
  name: 'collect_documents',
  title: 'Collect documents from a client',
  description:
    'Walks you through asking a client for documents and answers and following the request to the end: create the intake, watch it, review, collect.',
  args,
  render(
    {
      client_name,
      client_email,
      documents,
      project_name,
      due_date,
    }: { [K in keyof typeof args]: z.infer<(typeof args)[K]> },
    access: KeyAccess,
  ): GetPromptResult {
    const steps = [
      `Collect the following from ${client_name} <${client_email}>: ${documents}.`,
      '',
      '1. Call list_templates; if one fits, pass its slug as template to create_intake.',
      '2. Turn the request into items, one per thing asked: a key (lower-case, e.g. "id_card"), a type (file for a document, file_list for several, image, text, longtext, number, date, select with options, secret for passwords or bank details) and a label the client understands. Mark optional ones required: false.',
      `3. Call create_intake with project_name ${project_name ? `"${project_name}"` : '(a short name for the request)'}, client {email: "${client_email}", name: "${client_name}"}${due_date ? `, due_date "${due_date}"` : ''} and the items. ` +
        (access.mode === 'test'
          ? 'This is a test key: nothing is sent to the client; share the portal URL yourself to try it.'
          : 'This e-mails the client the portal link at once; confirm with the user first if they have not asked for it to be sent.'),
      '4. Follow it: call get_intake_status now and then (or register_webhook for item.submitted and intake.completed). The service reminds the client automatically; use chase_client only when asked to.',
      '5. For each item with status submitted: look at it (collect_results with include_pending: true), then approve_item, or request_revision with a note to the client saying exactly what to change.',
      '6. When the intake is completed, call collect_results (only_new: true on later calls returns just what is new) and hand the results to the user.',
      'If a tool returns an error, follow its "Next:" sentence.',
    ];
    return {
      description: 'Collect documents from a client',
      messages: [{ role: 'user', content: { type: 'text', text: steps.join('\n') } }],
    };
  },
};
