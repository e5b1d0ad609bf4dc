import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { accessOfKey, createIntakeMcpServer } from '@intake/mcp';
import { createIntakeClient, IntakeApiError } from '@intake/sdk';

export interface StdioSettings {
  /** The deployment's address, e.g. `https://intake.example.com` (SERVICE_URL). */
  baseUrl: string;
  /** An API key, `svc_live_…` or `svc_test_…` (SERVICE_API_KEY). */
  apiKey: string;
}

/** The settings from the environment, or the sentence saying what is missing. */
export function settingsFrom(env: NodeJS.ProcessEnv): StdioSettings | string {
  const baseUrl = env['SERVICE_URL']?.trim();
  const apiKey = env['SERVICE_API_KEY']?.trim();
  const missing = [!baseUrl && 'SERVICE_URL', !apiKey && 'SERVICE_API_KEY'].filter(Boolean);
  if (missing.length || !baseUrl || !apiKey)
    return `Set ${missing.join(' and ')}: the service's address (e.g. https://intake.example.com) and an API key.`;
  try {
    new URL(baseUrl);
  } catch {
    return `SERVICE_URL is not a URL: ${baseUrl}`;
  }
  return { baseUrl, apiKey };
}

/**
 * The MCP server over stdio, for a desktop agent: the same tools as /mcp, calling the api over
 * HTTP through the typed SDK with the configured key. The key's mode and scopes are asked of the
 * api once (GET /v1/account), so the tools offered are the ones the key may use. stdout carries
 * only the protocol; anything else goes to stderr.
 */
export async function runStdioServer(settings: StdioSettings, version: string): Promise<void> {
  const client = createIntakeClient({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    // A model waits badly: an hourly limit's long Retry-After comes back to it as a tool error.
    retry: { maxRetryAfterSeconds: 5 },
  });
  const access = await accessOfKey(client).catch((error: unknown) => {
    const why =
      error instanceof IntakeApiError && error.status === 401
        ? 'the API key is unknown or revoked'
        : error instanceof Error
          ? error.message
          : String(error);
    throw new Error(`Cannot use ${settings.baseUrl}: ${why}`);
  });
  const server = createIntakeMcpServer({ client, access, version });
  await server.connect(new StdioServerTransport());
}
