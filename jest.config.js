/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	// Types are checked once by `npm run typecheck` (CI runs it first): ts-jest only transpiles.
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json', isolatedModules: true }],
	},
	// Jest's default leaves one core idle; the suites wait on loopback HTTP as much as they compute.
	maxWorkers: '100%',
	// The transport waits on a virtual clock: no test waits in real time for pacing or backoff.
	setupFiles: ['<rootDir>/test/harness/virtual-time.ts'],
	testTimeout: 60000,
};
