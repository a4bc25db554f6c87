/**
 * The engine tests again, on n8n 1.x: n8n-core 1.x (the `n8n-core-v1` development dependency,
 * an npm alias) and the n8n-workflow, @n8n/di and @n8n/client-oauth2 it depends on.
 *
 * Every `require` of those names — from the node, the credential, the harness and n8n-core
 * itself — is mapped to the copies n8n-core 1.x resolves, so exactly one instance of each is
 * loaded (the engine checks errors and DI services by identity). Types still come from 2.x:
 * the mapping changes what runs, not what is type-checked.
 *
 * The sandbox's own tests and the description checks involve no n8n code and run once, in `npm test`.
 */
const { dirname } = require('node:path');
// The run-wide settings of the main config (workers, order, timeout, user folders), then its engine project.
const { projects, ...runWide } = require('./jest.config');
const engine = projects.find((project) => project.displayName === 'engine');

const core = dirname(require.resolve('n8n-core-v1/package.json'));
const besideCore = (name) => dirname(require.resolve(`${name}/package.json`, { paths: [core] }));
const escape = (name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

const moduleNameMapper = {};
for (const [name, folder] of [
	['n8n-core', core],
	['n8n-workflow', besideCore('n8n-workflow')],
	['@n8n/di', besideCore('@n8n/di')],
	['@n8n/client-oauth2', besideCore('@n8n/client-oauth2')],
]) {
	moduleNameMapper[`^${escape(name)}$`] = folder;
	moduleNameMapper[`^${escape(name)}/(.*)$`] = `${folder}/$1`;
}

/** @type {import('jest').Config} */
module.exports = {
	...engine,
	...runWide,
	displayName: 'n8n 1.x',
	testMatch: [
		'<rootDir>/test/node/**/*.test.ts',
		'<rootDir>/test/harness/**/*.test.ts',
		'<rootDir>/test/oauth.test.ts',
	],
	testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/node/description.test.ts'],
	moduleNameMapper,
	setupFilesAfterEnv: ['<rootDir>/test/harness/n8n1-teardown.ts'],
};
