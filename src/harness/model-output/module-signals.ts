/**
 * What a module's output proposes, as the harness's module checks and metrics
 * ask it: the tool calls it plans, authorizes or asks for, and whether it hands
 * the conversation to a human. Which field says so is the agent's (its modules'
 * output schemas): the agent answers through AgentPlugin.moduleSignals.
 */

export interface ToolCall {
  tool_name: string;
  args: Record<string, unknown>;
}

export interface ModuleSignals {
  /** The tools the output proposes to call; undefined when the module proposes none. */
  proposedToolCalls(module: string, output: unknown): ToolCall[] | undefined;
  /** Whether the output hands the conversation to a human; undefined for a module that cannot. */
  handsOff(module: string, output: unknown): boolean | undefined;
}
