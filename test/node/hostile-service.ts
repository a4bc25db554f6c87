import type { IDataObject } from 'n8n-workflow';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { ConnectedSandbox } from './connected-sandbox';

/** One request as a server received it: what a host other than the service would learn. */
export interface ReceivedRequest {
	method: string;
	url: string;
	headers: Record<string, string | string[] | undefined>;
	body: string;
}

/** Answers one request itself (return true), or lets it through (false: the gateway forwards it). */
export type Answer = (req: IncomingMessage, res: ServerResponse, body: string) => boolean | Promise<boolean>;

export interface TestServer {
	/** `http://127.0.0.1:<port>`. */
	origin: string;
	port: number;
	/** Every request received, in order. */
	received: ReceivedRequest[];
	/** Sockets the server saw closed by the client (a request it aborted shows up here). */
	closedSockets(): number;
	close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks).toString('utf8');
}

/**
 * A real HTTP server on a free port: it records every request and answers through `answer`
 * (by default 200 with a small body). It listens on every loopback address, so a redirect can
 * name it as another host (`127.0.0.2`, `localhost`) than the one the service is reached at.
 */
export async function startServer(answer: Answer = defaultAnswer, onUnanswered?: Answer): Promise<TestServer> {
	const received: ReceivedRequest[] = [];
	let closed = 0;
	const server: Server = createServer((req, res) => {
		void (async () => {
			const body = await readBody(req);
			received.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: { ...req.headers }, body });
			if (await answer(req, res, body)) return;
			if (onUnanswered && (await onUnanswered(req, res, body))) return;
			res.writeHead(500).end('unanswered');
		})().catch(() => res.destroy());
	});
	server.on('connection', (socket) => socket.on('close', () => closed++));
	await new Promise<void>((resolve) => server.listen(0, '::', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		origin: `http://127.0.0.1:${port}`,
		port,
		received,
		closedSockets: () => closed,
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

function defaultAnswer(_req: IncomingMessage, res: ServerResponse): boolean {
	res.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end('a file on another host');
	return true;
}

/**
 * A gateway in front of the service (a proxy, a compromised load balancer): every request is
 * forwarded to `target` as it came, unless `divert` answers it itself. Point a credential's
 * URLs at the gateway's origin to put it between the node and the sandbox.
 */
export async function startGateway(target: string, divert: () => Answer): Promise<TestServer> {
	return await startServer(
		async (req, res, body) => await divert()(req, res, body),
		async (req, res, body) => {
			await forward(target, req, res, body);
			return true;
		},
	);
}

async function forward(target: string, req: IncomingMessage, res: ServerResponse, body: string): Promise<void> {
	const url = new URL(req.url ?? '/', target);
	await new Promise<void>((resolve, reject) => {
		const upstream = request(
			url,
			{ method: req.method, headers: { ...req.headers, host: url.host } },
			(answer: IncomingMessage) => {
				res.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(res);
				answer.on('end', resolve);
				answer.on('error', reject);
			},
		);
		upstream.on('error', reject);
		upstream.end(body);
	});
}

/** Lets every request through. */
export const passThrough: Answer = () => false;

/** Whether any request the server received carries `secret` anywhere: its URL, a header or its body. */
export function sawSecret(server: TestServer, secret: string): boolean {
	const variants = [secret, encodeURIComponent(secret)];
	return server.received.some((entry) => {
		const text = `${entry.url}\n${JSON.stringify(entry.headers)}\n${entry.body}`;
		return variants.some((variant) => text.includes(variant));
	});
}

type CredentialUrl = 'baseUrl' | 'accessTokenUrl' | 'revokeUrl';

/**
 * For the tests of one file: a gateway started in front of the connected sandbox, and the
 * credential's `urls` pointed at it. `divert` (reset after each test) decides what it answers itself.
 */
export function useGatewayInFront(
	env: Pick<ConnectedSandbox, 'store' | 'credential' | 'urls'>,
	urls: CredentialUrl[] = ['baseUrl', 'accessTokenUrl', 'revokeUrl'],
) {
	const front = { gateway: undefined as unknown as TestServer, divert: passThrough };
	beforeAll(async () => {
		front.gateway = await startGateway(new URL(env.urls.baseUrl).origin, () => front.divert);
		const data = { ...env.store.data(env.credential.id) };
		for (const name of urls) {
			const url = String(data[name]);
			data[name] = url.replace(new URL(url).origin, front.gateway.origin);
		}
		env.store.replaceData(env.credential.id, data);
	});
	afterEach(() => {
		front.divert = passThrough;
	});
	afterAll(async () => {
		await front.gateway?.close();
	});
	return front;
}

/** Every secret the credential holds now: tokens rotate, so read them before and after a run. */
export function credentialSecrets(env: Pick<ConnectedSandbox, 'store' | 'credential'>): string[] {
	const data = env.store.data(env.credential.id);
	const tokens = (data.oauthTokenData ?? {}) as IDataObject;
	return [tokens.access_token, tokens.refresh_token, data.clientSecret].map(String);
}
