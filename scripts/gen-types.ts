/**
 * `npm run gen:types`: writes each module's output type from its active
 * prompt's Output Schema (src/harness/registry/module-output-types.ts) to the
 * committed file that stage code imports. Run from the project root.
 */
import { writeFileSync } from 'node:fs';
import { loadWorkspace } from '../src/harness/workspace.js';
import { GENERATED_FILE, renderModuleOutputTypes } from '../src/harness/registry/module-output-types.js';

const { active } = await loadWorkspace({}, { validators: false });
writeFileSync(GENERATED_FILE, renderModuleOutputTypes(active));
console.log(`wrote ${GENERATED_FILE} (${active.size} modules)`);
