// The harness (imported first) points n8n-core at a temporary user folder before n8n-core loads.
import { isN8n1 } from '../../harness';
import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import type { IBinaryData, IDataObject, INodeParameters } from 'n8n-workflow';
import type { ServerResponse } from 'node:http';

import { DEFAULT_REQUEST_BOUNDS, useRequestBounds } from '../../../nodes/AccountingService/transport/bounds';
import { useConnectedSandbox } from '../connected-sandbox';
import { useGatewayInFront } from '../hostile-service';

const env = useConnectedSandbox();
/** The service as the credential reaches it, through a gateway that may answer slowly or hugely. */
const front = useGatewayInFront(env, ['baseUrl']);
let restoreBounds = () => {};
afterEach(() => restoreBounds());

/** Times short enough not to wait for: the bounds' rule, not their default length, is under test. */
const SHORT_MS = 300;
const KiB = 1024;
const MiB = 1024 * KiB;

/** Writes `chunk` every 20 ms until the client goes away: an answer that never ends, yet never goes silent. */
function drip(res: ServerResponse, chunk: string) {
	const timer = setInterval(() => res.write(chunk), 20);
	res.on('close', () => clearInterval(timer));
}

/** The gateway answers the GETs `matching` itself. */
function answer(matching: (url: string) => boolean, respond: (res: ServerResponse) => void) {
	front.divert = (req, res) => {
		if (req.method !== 'GET' || !matching(req.url ?? '')) return false;
		respond(res);
		return true;
	};
}

const firstId = async (path: string) =>
	String(((await env.fetchDirect(`${path}?items_per_page=1`)).body.$items as IDataObject[])[0].id);
const contactGet = async (): Promise<INodeParameters> => ({
	resource: 'contact',
	operation: 'get',
	id: { __rl: true, mode: 'id', value: await firstId('/contacts') },
});
const download = async (): Promise<INodeParameters> => ({
	resource: 'attachment',
	operation: 'downloadFile',
	id: { __rl: true, mode: 'id', value: await firstId('/attachments') },
});

/** Until every connection the gateway answered has been closed by the node (the request was abandoned, not left open). */
async function untilClosed(before: number, atLeast = 1) {
	for (let waited = 0; front.gateway.closedSockets() < before + atLeast && waited < 5_000; waited += 10) {
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
	expect(front.gateway.closedSockets()).toBeGreaterThanOrEqual(before + atLeast);
}

describe('A request’s whole time is bounded, not only its silences', () => {
	it('a JSON answer that drips one byte at a time, for ever, is given up and its connection closed', async () => {
		restoreBounds = useRequestBounds({ answerMs: SHORT_MS });
		answer(
			(url) => url.includes('/contacts/'),
			(res) => {
				res.writeHead(200, { 'Content-Type': 'application/json' }).write('{"id":"');
				drip(res, ' ');
			},
		);
		const closed = front.gateway.closedSockets();
		const result = await env.runNode(await contactGet());
		expect(result.error?.message).toMatch(/did not finish answering GET \/contacts\/\S+ within 0\.3 s/);
		await untilClosed(closed);
	});

	it('a service that accepts the request and never answers is given up too (before any header)', async () => {
		restoreBounds = useRequestBounds({ answerMs: SHORT_MS });
		answer(
			(url) => url.includes('/contacts?'),
			() => {},
		);
		const closed = front.gateway.closedSockets();
		const result = await env.runNode({ resource: 'contact', operation: 'getAll', returnAll: true });
		expect(result.error?.message).toMatch(/did not finish answering GET \/contacts within 0\.3 s/);
		await untilClosed(closed);
	});

	it('an error answer whose body never ends is given up', async () => {
		restoreBounds = useRequestBounds({ answerMs: SHORT_MS });
		answer(
			(url) => url.includes('/contacts/'),
			(res) => {
				res.writeHead(400, { 'Content-Type': 'application/json' }).write('[{"$message":"');
				drip(res, 'a');
			},
		);
		const result = await env.runNode(await contactGet());
		// n8n 1.x passes a single request's failure on without its body (n8n-differences.ts): the
		// node answers with the status at once, never reading what drips.
		expect(result.error?.message).toMatch(
			isN8n1 ? /^The service answered with HTTP 400$/ : /did not finish answering GET \/contacts\//,
		);
	});

	it('Attachment → Download File: a file that drips for ever is given up', async () => {
		restoreBounds = useRequestBounds({ fileMs: SHORT_MS });
		answer(
			(url) => /\/attachments\/[^/]+\/file/.test(url),
			(res) => {
				res.writeHead(200, { 'Content-Type': 'application/octet-stream' }).write('%PDF');
				drip(res, 'x'.repeat(64));
			},
		);
		const closed = front.gateway.closedSockets();
		const result = await env.runNode(await download());
		expect(result.error?.message).toMatch(/did not finish answering GET \/attachments\/\S+\/file within 0\.3 s/);
		await untilClosed(closed);
	});
});

describe('An answer’s size is bounded', () => {
	/** A JSON record of `bytes` bytes, sent in chunks without a length, as a stream that would go on. */
	const hugeRecord = (bytes: number) => (res: ServerResponse) => {
		res.writeHead(200, { 'Content-Type': 'application/json' });
		const filler = 'x'.repeat(64 * KiB);
		res.write('{"id":"huge","notes":"');
		for (let sent = 0; sent < bytes; sent += filler.length) res.write(filler);
		res.end('"}');
	};

	it(`a JSON answer above the default ${DEFAULT_REQUEST_BOUNDS.answerBytes / MiB} MiB, announced by its Content-Length, is refused before it is read`, async () => {
		answer(
			(url) => url.includes('/contacts?'),
			(res) => {
				const length = DEFAULT_REQUEST_BOUNDS.answerBytes + 1;
				res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(length) });
				drip(res, ' ');
			},
		);
		const result = await env.runNode({ resource: 'contact', operation: 'getAll', returnAll: true });
		expect(result.error?.message).toMatch(
			new RegExp(`answer to GET /contacts is larger than ${DEFAULT_REQUEST_BOUNDS.answerBytes / MiB} MiB`),
		);
	});

	it('a JSON answer that passes the bound as it arrives, with no length announced, is refused, naming the path', async () => {
		restoreBounds = useRequestBounds({ answerBytes: 256 * KiB });
		answer((url) => url.includes('/contacts/'), hugeRecord(MiB));
		const result = await env.runNode(await contactGet());
		expect(result.error?.message).toMatch(/answer to GET \/contacts\/\S+ is larger than 0\.25 MiB/);
	});

	it('Attachment → Download File: a file above the bound is refused, not stored', async () => {
		restoreBounds = useRequestBounds({ fileBytes: 64 * KiB });
		answer(
			(url) => /\/attachments\/[^/]+\/file/.test(url),
			(res) => {
				res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
				for (let sent = 0; sent < MiB; sent += 16 * KiB) res.write(Buffer.alloc(16 * KiB, 1));
				res.end();
			},
		);
		const result = await env.runNode(await download());
		expect(result.error?.message).toMatch(/answer to GET \/attachments\/\S+\/file is larger than 0\.06 MiB/);
	});

	it('a file within the bound still arrives whole', async () => {
		restoreBounds = useRequestBounds({ fileBytes: 64 * KiB });
		answer(
			(url) => /\/attachments\/[^/]+\/file/.test(url),
			(res) => res.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(Buffer.alloc(64 * KiB, 7)),
		);
		const result = await env.runNode(await download());
		expect(result.error).toBeUndefined();
		const binary = result.items('Accounting Service')[0].binary?.data as IBinaryData;
		const bytes = await Container.get(BinaryDataService).getAsBuffer(binary);
		expect(bytes.equals(Buffer.alloc(64 * KiB, 7))).toBe(true);
	});
});
