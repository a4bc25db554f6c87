'use strict';

const { readdirSync, readFileSync, statSync } = require('node:fs');
const { dirname, join } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

/** The folder a jest file runs (test/suite.ts runFolder), if any. */
function folderRunBy(path) {
	const named = /runFolder\(`\$\{__dirname\}\/([\w-]+)`/.exec(readFileSync(path, 'utf8'));
	return named ? join(dirname(path), named[1]) : undefined;
}

/**
 * Bytes of test code a file runs: itself, and the folder it runs (test/suite.ts), shared evenly
 * when several jest files run parts of one folder.
 */
function testCodeBytes(path, paths) {
	let bytes = statSync(path).size;
	const folder = folderRunBy(path);
	if (folder === undefined) return bytes;
	const sharers = paths.filter((other) => folderRunBy(other) === folder).length;
	try {
		for (const name of readdirSync(folder))
			if (name.endsWith('.ts')) bytes += statSync(join(folder, name)).size / sharers;
	} catch {
		// A folder that is not there: the jest file fails on it itself.
	}
	return bytes;
}

/**
 * The heaviest test files first, so that no worker starts a long file while the others finish.
 * Jest's own order uses the durations of the last run from its cache; without them (a fresh
 * clone, a changed config) it falls back to file size, and most of our test files are one-line
 * wrappers that run a folder, so a fresh clone could start with the smallest work and end with
 * the heaviest files at once. Here: the last run's durations when jest has them for every file,
 * else the bytes of test code each file runs.
 */
class HeaviestFirst extends Sequencer {
	sort(tests) {
		const durations = tests.map((test) => this.time(test));
		const weight = new Map(
			tests.map((test, index) => [
				test.path,
				durations.every((duration) => duration != null)
					? durations[index]
					: testCodeBytes(
							test.path,
							tests.map((other) => other.path),
						),
			]),
		);
		return [...tests].sort((a, b) => weight.get(b.path) - weight.get(a.path) || (a.path < b.path ? -1 : 1));
	}
}

module.exports = HeaviestFirst;
