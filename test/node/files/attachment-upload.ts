// Attachment → Upload through n8n's engine: the file of an input item becomes an attachment of a
// record, byte for byte; what the service would refuse for its size never leaves n8n.
import { createHash } from 'node:crypto';

import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { MAX_ATTACHMENT_BYTES } from '../../../nodes/AccountingService/operations/attachment/upload';
import { useConnectedSandbox } from '../connected-sandbox';
import { serviceErrorMatching } from '../n8n-differences';

const NODE = 'Accounting Service';
const env = useConnectedSandbox();

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A small PDF-like file whose bytes differ per call. */
function pdfBytes(size: number, seed: number): Buffer {
	const bytes = Buffer.alloc(size);
	bytes.write('%PDF-1.4\n');
	for (let index = 9; index < size; index++) bytes[index] = (index * 31 + seed) % 251;
	return bytes;
}

const itemWith = (bytes: Buffer, field = 'data'): INodeExecutionData => ({
	json: { order: 'A-1001' },
	binary: {
		[field]: {
			data: bytes.toString('base64'),
			mimeType: 'application/pdf',
			fileName: 'receipt-A-1001.pdf',
			fileExtension: 'pdf',
		},
	},
});

async function firstInvoiceId(): Promise<string> {
	const list = await env.fetchDirect('/sales_invoices?items_per_page=1');
	return String((list.body.$items as IDataObject[])[0].id);
}

const upload = (attachToId: string, extra: IDataObject = {}) => ({
	resource: 'attachment',
	operation: 'upload',
	attachToType: 'SALES_INVOICE',
	attachToId,
	...extra,
});

const postsSince = (position: number) => env.apiRequestsSince(position).filter((entry) => entry.method === 'POST');

it('uploads the file of the input item to the invoice; the service then serves exactly those bytes', async () => {
	const invoice = await firstInvoiceId();
	const bytes = pdfBytes(40_000, 7);
	const position = env.sandbox.log.entries().length;

	const result = await env.runNode(
		upload(invoice, { options: { description: 'Receipt' } }),
		{},
		{ input: [itemWith(bytes)] },
	);

	expect(result.error).toBeUndefined();
	const [attachment] = result.json(NODE);
	expect(attachment).toMatchObject({
		file_name: 'receipt-A-1001.pdf',
		mime_type: 'application/pdf',
		description: 'Receipt',
	});
	expect((attachment.attachment_context as IDataObject).id).toBe(invoice);
	expect(postsSince(position)).toHaveLength(1);
	const stored = env.sandbox.dataset.attachmentFile(env.sandbox.dataset.leadBusinessId, String(attachment.id))!;
	const chunks: Buffer[] = [];
	for await (const chunk of stored.open()) chunks.push(chunk as Buffer);
	expect(sha256(Buffer.concat(chunks))).toBe(sha256(bytes));
	const listed = await env.fetchDirect(
		`/attachments?attachment_context_type_id=SALES_INVOICE&attachment_context_id=${invoice}&items_per_page=200`,
	);
	expect((listed.body.$items as IDataObject[]).map((item) => item.id)).toContain(attachment.id);
});

it.each([
	[
		'a file above the service’s limit',
		() => itemWith(pdfBytes(MAX_ATTACHMENT_BYTES + 1, 3)),
		{},
		/"Input Binary Field".*2\.50 MiB/,
	],
	[
		'an input item without the binary field',
		() => itemWith(pdfBytes(100, 1), 'other'),
		{},
		/"Input Binary Field".*no binary field "data".*other/,
	],
	['a blank record ID', () => itemWith(pdfBytes(100, 1)), { attachToId: '={{ "  " }}' }, /"Record ID".*empty/],
	[
		'an unknown kind of record',
		() => itemWith(pdfBytes(100, 1)),
		{ attachToType: '={{ "INVOICE" }}' },
		/"Attach To".*SALES_INVOICE/,
	],
])('refuses %s before sending anything', async (_case, item, extra, error) => {
	const invoice = await firstInvoiceId();
	const position = env.sandbox.log.entries().length;
	const result = await env.runNode({ ...upload(invoice), ...extra }, {}, { input: [item()] });
	expect(result.error?.message).toMatch(error);
	expect(env.apiRequestsSince(position)).toHaveLength(0);
});

it('a record the business does not have: the service’s refusal names the attribute', async () => {
	const result = await env.runNode(upload('no-such-invoice'), {}, { input: [itemWith(pdfBytes(200, 2))] });
	expect(result.error?.name).toBe('NodeApiError');
	expect(String(result.error?.message)).toMatch(serviceErrorMatching(/attachment_context_id/, 422));
});
