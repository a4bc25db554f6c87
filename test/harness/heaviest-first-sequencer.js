'use strict';

const { readdirSync, statSync } = require('node:fs');
const { basename, dirname, join } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

/** Bytes of test code a file runs: itself, and the folder of the same name it runs (test/suite.ts). */
function testCodeBytes(path) {
	const folder = join(dirname(path), basename(path, '.test.ts'));
	let bytes = statSync(path).size;
	try {
		for (const name of readdirSync(folder)) if (name.endsWith('.ts')) bytes += statSync(join(folder, name)).size;
	} catch {
		// A test file with no folder of its own.
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
				durations.every((duration) => duration != null) ? durations[index] : testCodeBytes(test.path),
			]),
		);
		return [...tests].sort((a, b) => weight.get(b.path) - weight.get(a.path) || (a.path < b.path ? -1 : 1));
	}
}

module.exports = HeaviestFirst;
