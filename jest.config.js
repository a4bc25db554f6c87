const { availableParallelism } = require('node:os');

/** What every suite shares. */
const common = {
	// Node's, failing a file that leaves a server, socket or timer running (test/harness/no-leaks-environment.js).
	testEnvironment: '<rootDir>/test/harness/no-leaks-environment.js',
	testMatch: ['**/*.test.ts'],
	// Types are checked once by `npm run typecheck` (CI runs it first): tests only need the types
	// stripped, which Sucrase does many times faster than TypeScript (a clean clone transforms all).
	transform: { '^.+\\.ts$': '@sucrase/jest-plugin' },
};

/** The node, its transport and the harness that runs them through n8n's engine. */
const engine = {
	...common,
	displayName: 'engine',
	roots: ['<rootDir>/test'],
	testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/sandbox/', '<rootDir>/test/e2e/'],
	// The transport waits on a virtual clock: no test waits in real time for pacing or backoff.
	setupFiles: ['<rootDir>/test/harness/virtual-time.ts'],
};

/**
 * The sandbox and the e2e's own logic: no n8n code runs there, so they go without the engine's
 * setup, whose clock brings n8n-workflow into every file (half a second each).
 */
const service = {
	...common,
	displayName: 'service',
	roots: ['<rootDir>/test/sandbox', '<rootDir>/test/e2e'],
};

/** @type {import('jest').Config} */
module.exports = {
	// Half again as many workers as cores (3 on 2): the suites wait on loopback HTTP and on
	// the sandbox's real-time delays for a fifth of their time, which a third worker fills
	// (measured on 2 cores: 2 workers 77–79 s, 3 workers 70–83 s, 4 workers 75–80 s). A number:
	// jest reads a percentage above 100 ("150%") as that many workers.
	maxWorkers: Math.ceil(availableParallelism() * 1.5),
	testSequencer: '<rootDir>/test/harness/heaviest-first-sequencer.js',
	// The files' n8n user folders in one folder the run removes at its end.
	globalSetup: '<rootDir>/test/harness/user-folders-setup.js',
	globalTeardown: '<rootDir>/test/harness/user-folders-teardown.js',
	// A worker that ran several of our files held 1.7 GB at the end of a run, and this machine takes
	// longer than the half second jest allows to end a process that large: jest force-exited one
	// after every whole run. A worker whose heap passes 500 MB after a file is replaced by a fresh
	// one (about 0.5 s of CPU each time), so the workers left at the end are small.
	workerIdleMemoryLimit: '500MB',
	// A run-wide option: inside a project Jest ignores it and gives a test 5 s, which a busy machine exceeds.
	testTimeout: 60000,
	projects: [engine, service],
};
