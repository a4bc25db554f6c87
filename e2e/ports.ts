import { createServer } from 'node:net';

/** Ports this process has handed out: the system may offer a released port again at once. */
const handedOut = new Set<number>();

/**
 * A port on 127.0.0.1 that was free a moment ago and that no earlier call gave: two servers asked
 * for one after the other (a worker's health port and the next worker's) must not share one.
 */
export async function freePort(): Promise<number> {
	for (;;) {
		const port = await anyFreePort();
		if (handedOut.has(port)) continue;
		handedOut.add(port);
		return port;
	}
}

function anyFreePort(): Promise<number> {
	return new Promise((resolvePort, reject) => {
		const server = createServer();
		server.unref();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			server.close(() => resolvePort(port));
		});
	});
}

/** Whether `port` on 127.0.0.1 can be listened on right now. */
export function portIsFree(port: number): Promise<boolean> {
	return new Promise((resolveFree) => {
		const probe = createServer();
		probe.once('error', () => resolveFree(false));
		probe.listen(port, '127.0.0.1', () => probe.close(() => resolveFree(true)));
	});
}
