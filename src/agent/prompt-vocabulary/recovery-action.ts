import type { ModuleOutput } from '../../harness/registry/module-outputs.generated.js';

/**
 * What failure_recovery may answer (its prompt's Output Schema): the program acts on it and the sim model chooses it.
 * Apart from the seed contracts because it is read off a prompt, so it sits above the registry they lie below.
 */
export type RecoveryAction = ModuleOutput<'failure_recovery'>['recovery_action'];
