// The harness (imported first) points n8n-core at a temporary user folder before n8n-core loads.
import { isN8n1 } from '../../harness';
import { startConnectedSandbox, type ConnectedSandbox } from '../connected-sandbox';
import { serviceErrorMessage } from '../n8n-differences';

import { Container } from '@n8n/di';
import { BinaryDataConfig, BinaryDataService } from 'n8n-core';
import type { IBinaryData, IDataObject, INodeParameters } from 'n8n-workflow';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { relative } from 'node:path';
import { Readable } from 'node:stream';

const NODE = 'Accounting Service';
const MiB = 1024 * 1024;
const UNKNOWN_ID = 'ffffffffffffffffffffffffffffffff';

let env: ConnectedSandbox;
let leadId: string;
/** The lead business's attachments, full records as the service lists them. */
let attachments: IDataObject[];

beforeAll(async () => {
	env = await startConnectedSandbox();
	leadId = env.sandbox.dataset.leadBusinessId;
	attachments = (await env.fetchDirect('/attachments?items_per_page=200&attributes=all')).body.$items as IDataObject[];
});
afterAll(async () => {
	await env?.sandbox.stop();
});

async function sha256(stream: AsyncIterable<Buffer | string>): Promise<string> {
	const hash = createHash('sha256');
	for await (const chunk of stream) hash.update(chunk);
	return hash.digest('hex');
}

/** What the sandbox serves for an attachment, hashed straight from its generator. */
async function expectedFile(attachmentId: string, businessId = leadId) {
	const file = env.sandbox.dataset.attachmentFile(businessId, attachmentId);
	if (!file) throw new Error(`the sandbox has no attachment ${attachmentId}`);
	return { fileName: file.fileName, mimeType: file.mimeType, size: file.size, sha256: await sha256(file.open()) };
}

/** The stored bytes of a binary property, inline (the default) or on disk (filesystem mode). */
const bytesOf = async (binary: IBinaryData) => await Container.get(BinaryDataService).getAsBuffer(binary);

const firstOf = (mimeType: string, maxSize = MiB) => {
	const found = attachments.find((record) => record.mime_type === mimeType && (record.file_size as number) < maxSize);
	if (!found) throw new Error(`no ${mimeType} attachment in the lead business`);
	return found;
};
const largest = () => [...attachments].sort((a, b) => (b.file_size as number) - (a.file_size as number))[0];

/** n8n 2.x records the byte count; 1.x only a human-readable `fileSize` (e.g. "5.24 MB"). */
function expectRecordedSize(binary: IBinaryData, size: number) {
	if (isN8n1) {
		expect(binary.bytes).toBeUndefined();
		expect(binary.fileSize).toBe(`${(size / 1e6).toFixed(2)} MB`);
	} else {
		expect(binary.bytes).toBe(size);
	}
}

const download = (id: string, extra: INodeParameters = {}) => ({
	resource: 'attachment',
	operation: 'downloadFile',
	id: { __rl: true, mode: 'id', value: id },
	...extra,
});

describe('Attachment → Download File', () => {
	it.each(['application/pdf', 'image/png', 'text/csv'])(
		'a %s file arrives byte for byte, named and typed after its record',
		async (mimeType) => {
			const record = firstOf(mimeType);
			const expected = await expectedFile(String(record.id));

			const result = await env.runNode(download(String(record.id)));

			expect(result.error).toBeUndefined();
			const [item] = result.items(NODE);
			expect(item.json).toEqual((await env.fetchDirect(`/attachments/${String(record.id)}`)).body);
			expect(item.binary?.data).toMatchObject({ fileName: expected.fileName, mimeType: expected.mimeType });
			const bytes = await bytesOf(item.binary!.data);
			expect(bytes.length).toBe(expected.size);
			expect(await sha256(Readable.from([bytes]))).toBe(expected.sha256);
		},
	);

	it('a multi-MiB file arrives whole', async () => {
		const record = largest();
		const expected = await expectedFile(String(record.id));
		expect(expected.size).toBeGreaterThanOrEqual(5 * MiB);

		const result = await env.runNode(download(String(record.id)));

		expect(result.error).toBeUndefined();
		const binary = result.items(NODE)[0].binary!.data;
		expect(binary.fileName).toBe(expected.fileName);
		expectRecordedSize(binary, expected.size);
		expect(await sha256(Readable.from([await bytesOf(binary)]))).toBe(expected.sha256);
	});

	it('reads the record, then asks for the file with Accept: application/octet-stream, even for a text file', async () => {
		const record = firstOf('text/csv');
		const position = env.sandbox.log.entries().length;

		const result = await env.runNode(download(String(record.id)));

		expect(result.error).toBeUndefined();
		expect(
			env.apiRequestsSince(position).map(({ method, path, accept, status }) => ({ method, path, accept, status })),
		).toEqual([
			{ method: 'GET', path: `/attachments/${String(record.id)}`, accept: 'application/json', status: 200 },
			{
				method: 'GET',
				path: `/attachments/${String(record.id)}/file`,
				accept: 'application/octet-stream',
				status: 200,
			},
		]);
	});

	it('several input items: one file each, in the chosen field, paired with its item', async () => {
		const records = [firstOf('image/png'), firstOf('text/csv'), firstOf('application/pdf')];

		const result = await env.runNode(
			download('={{ $json.attachmentId }}', { binaryPropertyName: '={{ $json.field }}' }),
			{},
			{ input: records.map((record, index) => ({ attachmentId: record.id, field: `file${index}` })) },
		);

		expect(result.error).toBeUndefined();
		const items = result.items(NODE);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		for (const [index, item] of items.entries()) {
			const id = String(records[index].id);
			expect(item.json.id).toBe(id);
			expect(Object.keys(item.binary ?? {})).toEqual([`file${index}`]);
			const bytes = await bytesOf(item.binary![`file${index}`]);
			expect(await sha256(Readable.from([bytes]))).toBe((await expectedFile(id)).sha256);
		}
	});

	it('downloads from the chosen business: both requests carry its X-Business', async () => {
		const second = env.sandbox.dataset.businesses.find((business: { key: string }) => business.key === 'second')!;
		const list = await env.fetchDirect('/attachments?items_per_page=1', { 'X-Business': second.id });
		const id = String((list.body.$items as IDataObject[])[0].id);
		const position = env.sandbox.log.entries().length;

		const result = await env.runNode(download(id, { business: { __rl: true, mode: 'id', value: second.id } }));

		expect(result.error).toBeUndefined();
		expect(env.apiRequestsSince(position).map((entry) => entry.business)).toEqual([second.id, second.id]);
		const bytes = await bytesOf(result.items(NODE)[0].binary!.data);
		expect(await sha256(Readable.from([bytes]))).toBe((await expectedFile(id, second.id)).sha256);
	});

	it('an unknown attachment fails with the service’s message, and no file is asked for', async () => {
		const direct = await env.fetchDirect(`/attachments/${UNKNOWN_ID}`);
		const position = env.sandbox.log.entries().length;

		const result = await env.runNode(download(UNKNOWN_ID));

		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.message).toBe(
			serviceErrorMessage((direct.body as unknown as Array<{ $message: string }>)[0].$message, 404),
		);
		expect(env.apiRequestsSince(position).map((entry) => entry.path)).toEqual([`/attachments/${UNKNOWN_ID}`]);
	});

	it('with Continue On Fail, a failing item becomes an error item and the others still get their files', async () => {
		const good = String(firstOf('image/png').id);

		const result = await env.runNode(
			download('={{ $json.attachmentId }}'),
			{ continueOnFail: true },
			{ input: [{ attachmentId: UNKNOWN_ID }, { attachmentId: good }] },
		);

		expect(result.error).toBeUndefined();
		const [failed, downloaded] = result.items(NODE);
		expect(failed).toMatchObject({ json: { error: expect.any(String) }, pairedItem: { item: 0 } });
		expect(failed.binary).toBeUndefined();
		expect(downloaded.pairedItem).toEqual({ item: 1 });
		expect(await sha256(Readable.from([await bytesOf(downloaded.binary!.data)]))).toBe(
			(await expectedFile(good)).sha256,
		);
	});

	it('an empty output field name fails before any request', async () => {
		const position = env.sandbox.log.entries().length;

		const result = await env.runNode(download(String(firstOf('image/png').id), { binaryPropertyName: '  ' }));

		expect(result.error?.message).toMatch(/^Invalid "Put Output File in Field": it is empty/);
		expect(env.apiRequestsSince(position)).toEqual([]);
	});

	it('a blank attachment ID fails before any request', async () => {
		const position = env.sandbox.log.entries().length;

		const result = await env.runNode(download('={{ $json.missing ?? "  " }}'));

		expect(result.error?.message).toMatch(/^Invalid "Attachment ID": it is empty/);
		expect(env.apiRequestsSince(position)).toEqual([]);
	});
});

// Last in this file: once initialised, n8n-core keeps filesystem mode for the rest of the process.
describe('with n8n’s filesystem binary data mode', () => {
	let service: BinaryDataService;

	beforeAll(async () => {
		// Filesystem is 2.x's default; n8n 1.x keeps binary data in memory unless
		// N8N_DEFAULT_BINARY_DATA_MODE=filesystem (read into this config) says otherwise.
		if (isN8n1) Container.get(BinaryDataConfig).mode = 'filesystem';
		service = Container.get(BinaryDataService);
		await service.init();
	});

	it('the response is streamed into storage and written to disk, not buffered in the node', async () => {
		const record = largest();
		const expected = await expectedFile(String(record.id));
		const store = jest.spyOn(service, 'store');

		const result = await env.runNode(download(String(record.id)));

		expect(result.error).toBeUndefined();
		// What reaches storage is the HTTP response as a stream: the node never holds the file whole.
		expect(store).toHaveBeenCalledTimes(1);
		const stored = store.mock.calls[0][1];
		expect(Buffer.isBuffer(stored)).toBe(false);
		expect(stored).toBeInstanceOf(Readable);
		store.mockRestore();

		const binary = result.items(NODE)[0].binary!.data;
		expect(binary.id).toMatch(/^filesystem(-v2)?:/);
		expect(binary.data).not.toMatch(/^[A-Za-z0-9+/]{100}/);
		expectRecordedSize(binary, expected.size);

		const path = service.getPath(binary.id!);
		expect(existsSync(path)).toBe(true);
		expect(relative(process.env.N8N_USER_FOLDER!, path).startsWith('..')).toBe(false);
		expect(await sha256(createReadStream(path))).toBe(expected.sha256);
	});
});
