/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json', diagnostics: { warnOnly: false } }],
	},
	// The transport waits on a virtual clock: no test waits in real time for pacing or backoff.
	setupFiles: ['<rootDir>/test/harness/virtual-time.ts'],
	testTimeout: 60000,
};
