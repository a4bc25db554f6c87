'use strict';

const vm = require('node:vm');
const { TestEnvironment } = require('jest-environment-node');

/** How many resources of each type keep the worker's event loop alive now. */
function runningByType() {
	const counts = new Map();
	for (const type of process.getActiveResourcesInfo()) counts.set(type, (counts.get(type) ?? 0) + 1);
	return counts;
}

/**
 * Each test file's global object, as Node's environment builds it, but an ordinary object rather
 * than a "contextified" one: V8 reaches the builtins (`Math`, `Number`, `JSON`…) of a
 * contextified global through an interceptor it cannot optimise, which made every global lookup
 * in the node, the sandbox and n8n about 50 times slower than outside jest (a loop of 5 million
 * `Math.floor` calls: 1,460 ms against 30 ms) and the whole `npm test` a quarter slower in CPU.
 * Node 22.8 and later offer such contexts (`vm.constants.DONT_CONTEXTIFY`); older ones keep the
 * contextified global.
 */
function ordinaryGlobalContext() {
	const { DONT_CONTEXTIFY } = vm.constants ?? {};
	return DONT_CONTEXTIFY === undefined ? nodeCreateContext() : nodeCreateContext(DONT_CONTEXTIFY);
}
const nodeCreateContext = vm.createContext;

/**
 * Node's environment, failing a test file that leaves running what it started — a server, a
 * socket, a ref'd timer, a child process — once its own afterAll hooks are done. Left running, it
 * keeps the worker from exiting (jest then force-exits it) and leaks into the next file the worker
 * runs. Only what the file added counts: the worker's own pipes, and a leak an earlier file was
 * already failed for, do not.
 */
/**
 * A jest worker ends once its event loop is empty; left to itself, Node then takes its heap apart
 * page by page before the process ends, which for a worker that ran several of our files (1 GB
 * and more) took longer than the half second jest allows, so jest force-exited it after every
 * run. Ending the process as the loop empties leaves that to the system, which frees it at once.
 */
process.once('beforeExit', (code) => process.exit(code));

class NoLeaksEnvironment extends TestEnvironment {
	constructor(config, context) {
		// jest-environment-node makes its context with `vm.createContext()`, read when it runs.
		vm.createContext = ordinaryGlobalContext;
		try {
			super(config, context);
		} finally {
			vm.createContext = nodeCreateContext;
		}
	}

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
