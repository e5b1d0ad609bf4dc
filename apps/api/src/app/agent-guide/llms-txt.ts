import { PLANS, SCOPES } from '@intake/domain-accounts';
import { ERROR_CATALOGUE } from '@intake/errors';

/**
 * GET /llms.txt: a guide to this service for an AI agent (or a person) that has only its address,
 * in plain Markdown after the llms.txt convention (a title, a one-paragraph summary, then sections
 * of links and facts). Every link is absolute, built from PUBLIC_BASE_URL as the OpenAPI document's
 * server URL is; the plans' limits and the error codes come from the same tables the api enforces,
 * so the guide cannot state a limit the service does not apply.
 */
export function llmsTxt(publicBaseUrl: string): string {
  const base = publicBaseUrl.replace(/\/+$/, '');
  const link = (path: string) => `${base}${path}`;
  const plans = Object.values(PLANS)
    .map(
      (plan) =>
        `| ${plan.name} | ${plan.requests_per_hour} | once per ${plan.recommended_poll_interval_seconds} s | ${plan.quotas.intakes_per_month} |`,
    )
    .join('\n');
  const errors = Object.entries(ERROR_CATALOGUE)
    .map(([code, entry]) => {
      const reasons = Object.keys(entry.reasons);
      return `- ${entry.status} \`${code}\`${reasons.length ? `: reasons ${reasons.map((r) => `\`${r}\``).join(', ')}` : ''}`;
    })
    .join('\n');

  return `# Intake Collection Service

> An HTTP JSON API that collects documents, files, answers and secrets from a client. You define an
> intake (a list of requested items), the service e-mails the client a portal link and chases them
> on a schedule until everything is in; you follow progress by webhook or by polling, review each
> item (approve, ask for a revision, waive), then collect the typed results.

Base URL: ${base}

## Start here

- [OpenAPI 3.1 document](${link('/v1/openapi.json')}): every operation, with a summary and a description written to help you choose the right call, its access rule (\`x-access\`, \`x-required-scope\`) and the errors it can answer (\`x-errors\`).
- [Plans and limits](${link('/pricing.json')}): hourly request limits, recommended polling intervals, features and quotas per plan (public, JSON).
- [MCP server](${link('/mcp')}): the same operations as tools for an agent (see "MCP" below).
- TypeScript SDK: the package \`@intake/sdk\` (libs/sdk in the service's repository), types generated from the OpenAPI document; \`createIntakeClient({ baseUrl: '${base}', apiKey })\`, an Idempotency-Key on every POST, retries honouring Retry-After, \`paginate()\` over lists, the webhook signature verifier.

## Authentication

- Send an API key on every request: \`Authorization: Bearer svc_live_…\` (live) or \`Authorization: Bearer svc_test_…\` (test). A missing, unknown or revoked key is 401 \`unauthorized\`.
- Keys are created by a person in the dashboard (POST /v1/keys needs a signed-in session; a key cannot create keys). A key can revoke itself: DELETE ${link('/v1/keys/current')}.
- Scopes: ${SCOPES.map((s) => `\`${s}\``).join(', ')}. \`admin\` includes every other. \`intakes:read\` reads intakes, their status, results and downloads, clients, folders, templates and webhook endpoints; \`intakes:write\` creates and changes them (and sends, chases, archives and deletes); \`secrets:read\` lets GET /v1/intakes/{id}/results release secret answers (once); \`admin\` alone changes account settings and reads the audit log. A missing scope is 403 \`forbidden\` reason \`missing_scope\`; each operation's scope is in the OpenAPI document.
- Some operations are for dashboard sessions only (key management, the owner's decision answer, revealing a secret in the dashboard); GET /v1/intakes/{id}/results is for API keys only.
- Test mode: a \`svc_test_\` key works exactly like a live one except that the service never contacts a client: invitations and reminders are recorded as chases with status \`skipped\`. The portal, webhooks and results behave normally, so you can open the \`portal_url\` yourself and submit as the client. A test key sees only the intakes it created; a live key never sees test intakes. Use a test key while you build and try things.

## MCP

- Endpoint: ${link('/mcp')} (the Streamable HTTP transport, stateless: each POST there is answered in JSON, no session; GET and DELETE answer 405), authenticated with the same \`Authorization: Bearer\` API key as /v1; without one it answers 401 with \`WWW-Authenticate\`. A tool call counts twice against the same hourly limit: the MCP message and the API call it makes.
- The tools a key sees follow its scopes (a read-only key gets only the read tools) and its mode (a test key's tools work on test intakes): create_intake, list_intakes, get_intake_status, add_items, approve_item, request_revision, waive_item, decide_item, mark_received_outside, chase_client, collect_results, list_templates, register_webhook, get_usage. Each tool's description says what it does and what it costs (for example that it e-mails the client).
- Each intake's status is also a resource, \`intake://{intake_id}\`, and the prompt \`collect_documents\` ("collect documents from a client") walks you through creating and following an intake.
- For a desktop client there is a stdio server (\`node dist/apps/mcp/main.js\`) that calls this API through the SDK, configured by \`SERVICE_URL=${base}\` and \`SERVICE_API_KEY\`.

## Typical flow

1. Optionally pick a template: GET ${link('/v1/templates')} (pass its slug as \`template\`).
2. Create the intake: POST ${link('/v1/intakes')} with \`project_name\`, \`client\` (\`email\`, \`name\`, optional \`language\`, \`timezone\`, \`also_notify\`) and \`items\` (each \`key\`, \`type\`, \`label\`; types \`file\`, \`file_list\`, \`image\`, \`longtext\`, \`structured\`, \`select\`, \`multiselect\`, \`secret\`). Send an \`Idempotency-Key\` header (a UUID) so a retry never creates a second intake. Unless \`send: false\` (a draft; send it later with POST /v1/intakes/{id}/send) this e-mails the client the invitation.
3. The answer carries \`portal_url\` (the client's link; it is a credential, do not publish it) and \`follow_up\`: \`recommended\` is \`webhook\` when an active endpoint of yours covers the intake's events, else \`schedule\` with how often to poll and until when.
4. Chasing is automatic: reminders follow \`chase_schedule\` (\`default\`: after 2, 5 and 9 days, then weekly; also \`gentle\`, \`aggressive\`, \`custom\`, \`off\`), sent between 08:00 and 19:00 in the client's time zone unless \`respect_quiet_hours\` is false, up to \`max_reminders\` (then the intake is stalled and \`intake.stalled\` fires). POST /v1/intakes/{id}/chase sends one extra reminder now (at most 1 per intake and 20 per account per hour).
5. Follow progress: register a webhook once (POST ${link('/v1/webhooks')}; events \`item.submitted\`, \`intake.completed\`, \`client.viewed\`, \`chase.bounced\`, \`intake.stalled\`, \`intake.overdue\`, \`intake.archived\`; verify the \`X-Service-Signature\` HMAC), or poll GET /v1/intakes/{id}/status no more often than your plan's recommended interval.
6. Review each submitted item: POST /v1/intakes/{id}/items/{key}/approve, or POST /v1/intakes/{id}/revision with \`item_key\` and a \`note\` (e-mails the client; not on Free), or POST /v1/intakes/{id}/items/{key}/waive when it is no longer needed. Items received another way: POST /v1/intakes/{id}/items/{key}/received-outside.
7. Collect: GET /v1/intakes/{id}/results (API key only) gives the approved values shaped by type, files as URLs signed for 24 hours, and \`missing\` (required items still outstanding); \`only_new=true\` gives only what was approved since your key's previous call. Secret answers are released exactly once, to a key with \`secrets:read\` or \`admin\`. GET /v1/intakes/{id}/download returns everything as one ZIP.
8. Close: POST /v1/intakes/{id}/archive stops all chasing; DELETE /v1/intakes/{id} deletes the intake and its files for good.

## Rate limits

Every authenticated request counts against the account's hourly limit: a fixed clock hour, shared by all keys and sessions of the account. Answers carry \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\` (Unix seconds). Beyond the limit: 429 \`rate_limited\` reason \`hourly_limit\` with \`Retry-After\` in seconds. Public routes (this guide, /pricing.json, /v1/openapi.json) do not count.

| Plan | Requests per hour | Poll status at most | Intakes per month |
|---|---|---|---|
${plans}

Also: at most 30 invitations per account per hour (POST /v1/intakes and POST /v1/intakes/{id}/send; 429 reason \`intake_invites\`), and 1 manual chase per intake and 20 per account per hour. Lists page with \`limit\` (default 20, at most 100) and \`offset\`.

## Errors

Every error answers one JSON envelope: \`error\` (the code), \`message\` (a sentence for people), \`request_id\` (quote it to support), and where they apply \`reason\` (a stable slug: branch on \`error\` and \`reason\`, never on \`message\`), \`params\` and \`details\` (\`[{path, message}]\`, one per invalid field). Retry 429 and 503 after \`Retry-After\`, 500 with exponential back-off; retry a POST only with the same Idempotency-Key. Each operation lists the codes and reasons it can answer in \`x-errors\` in the OpenAPI document.

${errors}
`;
}
