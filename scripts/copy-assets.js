'use strict';
/** Copies what tsc does not emit (icons, codex files) next to the built nodes and credentials. */
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const ASSET = /\.(svg|png|node\.json)$/;

function copyAssets(directory) {
	for (const entry of fs.readdirSync(path.join(root, directory), { withFileTypes: true })) {
		const relative = path.join(directory, entry.name);
		if (entry.isDirectory()) copyAssets(relative);
		else if (ASSET.test(entry.name)) {
			fs.mkdirSync(path.join(root, 'dist', directory), { recursive: true });
			fs.copyFileSync(path.join(root, relative), path.join(root, 'dist', relative));
		}
	}
}

for (const directory of ['nodes', 'credentials']) copyAssets(directory);
