/**
 * The names an agent's prompts and cases are checked against: its modules, its
 * tools, the tool risk levels from lowest to highest, and the kinds of claim a
 * reply can make. They are the agent's (AgentPlugin.contracts); the registry,
 * lint, `orderflow diff` and the module case loader are handed them.
 */
export interface AgentContracts {
  /** The modules the agent has prompts for; a prompt of another module is checked for a typo. */
  modules: readonly string[];
  tools: readonly string[];
  /** Lowest to highest: the order `orderflow diff` tells a raised level from a lowered one by. */
  riskLevels: readonly string[];
  claimKinds: readonly string[];
}
