import { describe, expect, it } from 'vitest';
import { agent } from '../../../src/harness/agent-registration.js';
import { runsOnlyOffline } from '../../../src/harness/cli/heap-growth.js';

const offline = Object.keys(agent.offlineProviders);

describe('the heap bound is for offline runs only', () => {
  it('bounds a run whose every arm is an offline model', () => {
    expect(runsOnlyOffline(['sim'], offline)).toBe(true);
    expect(runsOnlyOffline(['sim', 'sim:gullible'], offline)).toBe(true);
  });

  it('leaves a run alone that calls a live server in any arm', () => {
    // The extra collections would pause the loop that keeps a rate-limited server's requests flowing.
    expect(runsOnlyOffline(['openai'], offline)).toBe(false);
    expect(runsOnlyOffline(['sim', 'openai'], offline)).toBe(false);
    expect(runsOnlyOffline([], offline)).toBe(false);
  });
});
