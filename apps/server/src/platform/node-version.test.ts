import { describe, expect, it } from 'vitest';
import { nodeVersionProblem } from './node-version.js';

describe('the Node.js the server runs on', () => {
  it('is 24.11 or later; an older one is refused with what to install', () => {
    expect(nodeVersionProblem('24.11.0')).toBeNull();
    expect(nodeVersionProblem('v24.21.0')).toBeNull();
    expect(nodeVersionProblem('26.0.0')).toBeNull();
    expect(nodeVersionProblem('24.10.0')).toMatch(/needs Node 24\.11 or later .*this is Node 24\.10\.0\. Install Node 24/);
    expect(nodeVersionProblem('v20.19.5')).toMatch(/this is Node 20\.19\.5/);
  });
});
