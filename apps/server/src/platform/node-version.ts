/**
 * The Node.js the server runs on: 24.11 or later (the LTS, decision 0008). Imported first by the entry points
 * (`main.ts`, the seed and manager commands), so an older Node stops at once with a message saying what to install,
 * rather than starting and failing later where a newer API is used.
 */
export const MINIMUM_NODE = { major: 24, minor: 11 } as const;

/** The message for a Node version older than {@link MINIMUM_NODE}, or null when it is recent enough. */
export function nodeVersionProblem(version: string): string | null {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  if (major > MINIMUM_NODE.major || (major === MINIMUM_NODE.major && minor >= MINIMUM_NODE.minor)) return null;
  return `This server needs Node ${MINIMUM_NODE.major}.${MINIMUM_NODE.minor} or later (the LTS); this is Node ${version.replace(/^v/, '')}. Install Node 24 (README, "Run it").`;
}

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}
