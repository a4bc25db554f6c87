'use strict';
// One folder per run for the n8n user folders the test files make (test/harness/n8n-environment.ts),
// removed when the run ends: a file's own cleanup (`process.once('exit')`) is registered on the
// `process` jest gives each file, which never exits, and left a folder in the temp dir per file.
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

module.exports = {
	setup: async () => {
		process.env.N8N_HARNESS_ROOT = mkdtempSync(join(tmpdir(), 'n8n-harness-run-'));
	},
	teardown: async () => {
		const root = process.env.N8N_HARNESS_ROOT;
		if (root) rmSync(root, { recursive: true, force: true });
	},
};
