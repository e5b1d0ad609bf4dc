export { createIntakeMcpServer, SERVER_NAME, type IntakeMcpServerOptions } from './lib/server';
export { accessOfKey, hasScope, type KeyAccess, type Mode, type Scope } from './lib/access';
export { TOOLS, READ_ONLY_TOOLS, toolsFor, type ToolDefinition, type ToolName } from './lib/tools';
export { toolErrorOf, type ToolErrorContent } from './lib/tool-errors';
export { type RestBinding } from './lib/rest-binding';
export { collectDocumentsPrompt } from './lib/prompt';
