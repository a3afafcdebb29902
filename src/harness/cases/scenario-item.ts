/**
 * A pipeline scenario as the harness sees it. The scenario format (its world,
 * turns, attacks and expectations) is the agent's: the harness finds the
 * files (cases/pipeline/), asks the agent's format to parse them, and runs
 * each item back through the agent (agent-interface.ts). What it reads itself
 * is only what every case has: id, type, place, and the clusters it joins.
 */
import type { ZodType } from 'zod';
import type { Problem } from '../base/errors.js';
import type { PromptFile } from '../registry/prompt-file.js';
import type { CaseType, GeneratedBy } from './case-schema.js';

export interface ScenarioItem {
  kind: 'pipeline';
  scenario_id: string;
  case_type: CaseType;
  file: string;
  line: number;
  description?: string;
  /** The benign scenario an attack mirrors: the two share a cluster. */
  twin_of?: string;
  generated_by?: GeneratedBy;
}

/**
 * One scenario file's items; every problem goes into `problems` with file,
 * line and field (warnings too). `active` holds the prompts the expectations
 * are checked against.
 */
export type ScenarioParser = (file: string, text: string, active: Map<string, PromptFile>, problems: Problem[]) => ScenarioItem[];

/** The agent's scenario files: loaded when a suite holds some, so that commands without scenarios start without the agent. */
export interface ScenarioFormat {
  parser(): Promise<ScenarioParser>;
  /** The zod schema of a whole file, for the JSON Schema `orderflow schema scenarios` publishes. */
  fileSchema(): Promise<ZodType>;
}
