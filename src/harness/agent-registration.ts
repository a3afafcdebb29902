/**
 * The one place the harness names the agent it evaluates. Everything else in
 * the harness reaches the agent through `agent` (typed by agent-interface.ts)
 * or the record types re-exported here, which the reports render; evaluating
 * another agent means changing this file only.
 */
import type { AgentPlugin } from './agent-interface.js';
import { orderflowAgent } from '../agent/plugin.js';

export const agent: AgentPlugin = orderflowAgent;

export type { PipelineTrace, StageTrace, ToolTrace, CapabilityTurnTrace, LoadedScenario } from '../agent/plugin.js';
