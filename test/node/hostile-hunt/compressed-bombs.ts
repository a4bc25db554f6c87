// The review brief: every read is bounded in bytes. The size bound counts what the answer becomes,
// not what crossed the wire: a compressed answer (Content-Encoding) of a few kilobytes that expands
// to many megabytes — JSON or a file, gzip, deflate or brotli — is refused at the bound.
import * as fc from 'fast-check';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';

import { useRequestBounds } from '../../../nodes/AccountingService/transport/bounds';
import { useConnectedSandbox } from '../connected-sandbox';
import { useGatewayInFront } from '../hostile-service';

const env = useConnectedSandbox();
const front = useGatewayInFront(env, ['baseUrl']);
let restoreBounds = () => {};
afterEach(() => restoreBounds());

const KiB = 1024;
const MiB = 1024 * KiB;
const EXPANDED = 16 * MiB;

const encodings = {
	gzip: gzipSync,
	deflate: deflateSync,
	br: brotliCompressSync,
};

/** What each kind of answer expands to, compressed once per encoding. */
const bombs = (() => {
	const json = Buffer.concat([Buffer.from('{"id":"bomb","notes":"'), Buffer.alloc(EXPANDED, 'a'), Buffer.from('"}')]);
	const file = Buffer.alloc(EXPANDED, 0);
	const compressed = (bytes: Buffer) =>
		Object.fromEntries(Object.entries(encodings).map(([name, compress]) => [name, compress(bytes)]));
	return { json: compressed(json), file: compressed(file) };
})();

let ids: { contact: string; attachment: string };
beforeAll(async () => {
	const first = async (path: string) =>
		String(((await env.fetchDirect(`${path}?items_per_page=1`)).body.$items as IDataObject[])[0].id);
	ids = { contact: await first('/contacts'), attachment: await first('/attachments') };
});

const operations: Record<string, { kind: 'json' | 'file'; hit: RegExp; parameters: () => INodeParameters }> = {
	'Contact → Get': {
		kind: 'json',
		hit: /\/contacts\/[^/?]+$/,
		parameters: () => ({ resource: 'contact', operation: 'get', id: { __rl: true, mode: 'id', value: ids.contact } }),
	},
	'Attachment → Download File': {
		kind: 'file',
		hit: /\/attachments\/[^/]+\/file/,
		parameters: () => ({
			resource: 'attachment',
			operation: 'downloadFile',
			id: { __rl: true, mode: 'id', value: ids.attachment },
		}),
	},
};

describe('a compressed answer that expands past the bound', () => {
	it('is refused at the bound, whatever the encoding and whether its length is announced', async () => {
		restoreBounds = useRequestBounds({ answerBytes: MiB, fileBytes: MiB });
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom(...Object.keys(operations)),
				fc.constantFrom(...(Object.keys(encodings) as Array<keyof typeof encodings>)),
				fc.boolean(),
				async (name, encoding, announced) => {
					const operation = operations[name];
					const body = bombs[operation.kind][encoding];
					expect(body.length).toBeLessThan(MiB);
					front.divert = (req, res) => {
						if (req.method !== 'GET' || !operation.hit.test((req.url ?? '').split('?')[0])) return false;
						res.writeHead(200, {
							'Content-Type': operation.kind === 'json' ? 'application/json' : 'application/octet-stream',
							'Content-Encoding': encoding,
							...(announced ? { 'Content-Length': String(body.length) } : {}),
						});
						res.end(body);
						return true;
					};
					const result = await env.runNode(operation.parameters());
					expect(result.error?.message).toMatch(/is larger than 1 MiB/);
				},
			),
			{ numRuns: 8 },
		);
	});
});
