'use strict';
/**
 * n8n's community-package rules, applied to what ships: nodes, credentials and package.json.
 * Two plugins, as n8n's community package scanner applies them (@n8n/scan-community-package,
 * scanner.mjs buildScanConfig): @n8n/eslint-plugin-community-nodes' recommended config and the
 * eslint-plugin-n8n-nodes-base rulesets, plus the scanner's own `no-console`.
 */
const n8nNodesBase = require('eslint-plugin-n8n-nodes-base');
const { n8nCommunityNodesPlugin } = require('@n8n/eslint-plugin-community-nodes');
const typescriptParser = require('@typescript-eslint/parser');

const plugins = { 'n8n-nodes-base': n8nNodesBase };

module.exports = [
	{ ignores: ['dist/**', 'node_modules/**', 'test/**', 'sandbox/**', 'scripts/**', 'demo/**', 'bench/**'] },
	// Every rule of both plugins walks a TSESTree AST, package.json's rules included: they look for
	// the top-level ObjectExpression, which the TypeScript parser produces for a JSON file (a JSON
	// parser's JSONObjectExpression would silently match none of them). The JSON files under nodes/
	// (codex files) are linted too, as the scanner does.
	{
		files: ['package.json', '**/*.ts', '{nodes,credentials}/**/*.json'],
		languageOptions: { parser: typescriptParser, parserOptions: { sourceType: 'module' } },
	},
	// No `files`: applies to everything linted (the package.json rules check the file name).
	n8nCommunityNodesPlugin.configs.recommended,
	{ rules: { 'no-console': 'error' } },
	{
		files: ['package.json'],
		plugins,
		rules: n8nNodesBase.configs.community.rules,
	},
	{
		files: ['credentials/**/*.ts'],
		plugins,
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			// Applies to n8n's own repository, whose docs live under short slugs; ours is a full URL.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		plugins,
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			// These two predate NodeConnectionTypes, which n8n-workflow 2.x types inputs and outputs with.
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
		},
	},
];
