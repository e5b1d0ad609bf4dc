import { Module } from '@nestjs/common';
import { McpController } from './mcp.controller';

/** The MCP server over Streamable HTTP (/mcp); its tools are libs/mcp's. */
@Module({ controllers: [McpController] })
export class McpModule {}
