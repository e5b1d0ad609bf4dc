import { runStdioServer, settingsFrom } from './stdio-server';

/** `node dist/apps/mcp/main.js` with SERVICE_URL and SERVICE_API_KEY: the MCP server over stdio. */
const settings = settingsFrom(process.env);
if (typeof settings === 'string') {
  process.stderr.write(`${settings}\n`);
  process.exit(2);
}
runStdioServer(settings, '0.1.0').catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
