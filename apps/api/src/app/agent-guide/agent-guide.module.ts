import { Module } from '@nestjs/common';
import { AgentGuideController } from './agent-guide.controller';

/** The public guide for AI agents, GET /llms.txt. */
@Module({ controllers: [AgentGuideController] })
export class AgentGuideModule {}
