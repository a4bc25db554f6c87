import { createServer } from 'node:net';

/** A port on 127.0.0.1 that was free a moment ago. */
export function freePort(): Promise<number> {
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
