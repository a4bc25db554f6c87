'use strict';
/** n8n's community-package rules, applied to what ships: nodes, credentials and package.json. */
const n8nNodesBase = require('eslint-plugin-n8n-nodes-base');
const typescriptParser = require('@typescript-eslint/parser');
const jsoncParser = require('jsonc-eslint-parser');

const plugins = { 'n8n-nodes-base': n8nNodesBase };

module.exports = [
	{ ignores: ['dist/**', 'node_modules/**', 'test/**', 'sandbox/**', 'scripts/**', 'demo/**', 'bench/**'] },
	{
		files: ['package.json'],
		languageOptions: { parser: jsoncParser },
		plugins,
		rules: n8nNodesBase.configs.community.rules,
	},
	{
		files: ['credentials/**/*.ts'],
		languageOptions: { parser: typescriptParser, parserOptions: { sourceType: 'module' } },
		plugins,
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			// Applies to n8n's own repository, whose docs live under short slugs; ours is a full URL.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		languageOptions: { parser: typescriptParser, parserOptions: { sourceType: 'module' } },
		plugins,
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			// These two predate NodeConnectionTypes, which n8n-workflow 2.x types inputs and outputs with.
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
		},
	},
];
