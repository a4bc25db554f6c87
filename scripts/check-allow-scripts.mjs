#!/usr/bin/env node
/**
 * Fails when an `allowScripts` entry of the package.json in the given folder (default: here)
 * matches nothing installed with an install script: a review gone out of date. npm itself
 * (`npm install-scripts prune --dry-run`) decides what is stale. Used by .ci/run for the repo and
 * by the e2e for its n8n install (README → Install scripts).
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

const folder = resolve(process.argv[2] ?? '.');
const report = JSON.parse(
	execFileSync('npm', ['install-scripts', 'prune', '--dry-run', '--json'], { cwd: folder, encoding: 'utf8' }),
);
const stale = report.allowScripts.removed.map((entry) => `${entry.key} (${entry.reason})`);
if (stale.length > 0) {
	console.error(
		`${folder}/package.json allowScripts names what is not installed with an install script: ${stale.join(', ')}. Review the list.`,
	);
	process.exit(1);
}
