import { describe, expect, it } from 'vitest';
import { SIM_MODULE_IDS } from '../../../../src/agent/models/sim/sim-module-ids.js';
import { SimProvider } from '../../../../src/agent/models/sim/sim-provider.js';

describe('SIM_MODULE_IDS', () => {
  // `orderflow list` names sim's modules from this list without loading the implementations.
  it('are the modules sim implements', () => {
    expect([...SIM_MODULE_IDS]).toEqual(SimProvider.modules);
  });
});
