'use strict';

const { TestEnvironment } = require('jest-environment-node');

/** How many resources of each type keep the worker's event loop alive now. */
function runningByType() {
	const counts = new Map();
	for (const type of process.getActiveResourcesInfo()) counts.set(type, (counts.get(type) ?? 0) + 1);
	return counts;
}

/**
 * Node's environment, failing a test file that leaves running what it started — a server, a
 * socket, a ref'd timer, a child process — once its own afterAll hooks are done. Left running, it
 * keeps the worker from exiting (jest then force-exits it) and leaks into the next file the worker
 * runs. Only what the file added counts: the worker's own pipes, and a leak an earlier file was
 * already failed for, do not.
 */
class NoLeaksEnvironment extends TestEnvironment {
	async setup() {
		await super.setup();
		this.runningBefore = runningByType();
	}

	async teardown() {
		await super.teardown();
		// Closed sockets and servers are released on the next turns of the event loop.
		await new Promise((resolve) => setTimeout(resolve, 50));
		const added = [];
		for (const [type, count] of runningByType()) {
			const more = count - (this.runningBefore?.get(type) ?? 0);
			if (more > 0) added.push(`${more} × ${type}`);
		}
		if (added.length > 0) {
			throw new Error(
				`the test file left running: ${added.join(', ')}. Stop what it starts (sandbox.stop(), server.close(), clearInterval) in an afterAll or afterEach.`,
			);
		}
	}
}

module.exports = NoLeaksEnvironment;
