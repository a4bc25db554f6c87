// The harness (imported first) points n8n-core at a temporary user folder before n8n-core loads.
import { isN8n1 } from '../../harness';
import { startConnectedSandbox, type ConnectedSandbox } from '../connected-sandbox';

import { Container } from '@n8n/di';
import { BinaryDataConfig, BinaryDataService } from 'n8n-core';
import type { IBinaryData, IDataObject, INodeParameters } from 'n8n-workflow';
import { Readable } from 'node:stream';

import { toServiceError, withBodyRead } from '../../../nodes/AccountingService/transport/errors';

const NODE = 'Accounting Service';
const UNKNOWN_ID = 'ffffffffffffffffffffffffffffffff';

let env: ConnectedSandbox;
let lead: string;

beforeAll(async () => {
	env = await startConnectedSandbox();
	lead = env.sandbox.dataset.leadBusinessId;
});
afterAll(async () => {
	await env?.sandbox.stop();
});

const bytesOf = async (binary: IBinaryData) => await Container.get(BinaryDataService).getAsBuffer(binary);

/** Resource, collection, number field, and the business that has such documents (corrective invoices: Spain). */
const DOCUMENTS = [
	['salesInvoice', 'sales_invoices', 'invoice_number', 'lead'],
	['salesCreditNote', 'sales_credit_notes', 'credit_note_number', 'lead'],
	['salesCorrectiveInvoice', 'sales_corrective_invoices', 'invoice_number', 'second'],
] as const;

const businessId = (key: string) => env.sandbox.dataset.businesses.find((business) => business.key === key)!.id;

const downloadPdf = (resource: string, id: string, extra: INodeParameters = {}): INodeParameters => ({
	resource,
	operation: 'downloadPdf',
	id: { __rl: true, mode: 'id', value: id },
	...extra,
});

/** A new, unsent document of the collection, as the service has it. */
function unsentDocument(collection: string, business = lead): IDataObject {
	return env.sandbox.dataset.createRecord(business, collection, { sent: false }) as IDataObject;
}

const sentOf = async (collection: string, id: string, business = lead) =>
	(await env.fetchDirect(`/${collection}/${id}?attributes=sent`, { 'x-business': business })).body.sent;

describe('Download PDF', () => {
	it.each(DOCUMENTS)(
		'%s: the document as the service renders it, named after its number, and still unsent',
		async (resource, collection, numberField, businessKey) => {
			const business = businessId(businessKey);
			const record = unsentDocument(collection, business);
			const id = String(record.id);
			const position = env.sandbox.log.entries().length;

			const result = await env.runNode(
				downloadPdf(resource, id, { business: { __rl: true, mode: 'id', value: business } }),
			);

			expect(result.error).toBeUndefined();
			const [item] = result.items(NODE);
			expect(item.json).toEqual({ id, number: record[numberField], contact: record.contact });
			expect(item.binary?.data).toMatchObject({
				fileName: `${String(record[numberField])}.pdf`,
				mimeType: 'application/pdf',
			});
			const bytes = await bytesOf(item.binary!.data);
			expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
			expect(bytes.equals(await env.sandbox.dataset.renderDocumentPdf(business, collection, id))).toBe(true);
			expect(await sentOf(collection, id, business)).toBe(false);
			// The PDF request says mark_as_sent=false itself, whatever the service's default.
			const pdfRequest = env.apiRequestsSince(position).find((entry) => entry.accept === 'application/pdf');
			expect(pdfRequest?.path).toBe(`/${collection}/${id}?mark_as_sent=false`);
		},
	);

	it('Mark as Sent on: the service marks the document as sent', async () => {
		const record = unsentDocument('sales_invoices');
		const result = await env.runNode(downloadPdf('salesInvoice', String(record.id), { options: { markAsSent: true } }));
		expect(result.error).toBeUndefined();
		expect(await sentOf('sales_invoices', String(record.id))).toBe(true);
	});

	it('an unknown document: a clear error with the service’s message and the id, no file', async () => {
		const result = await env.runNode(downloadPdf('salesInvoice', UNKNOWN_ID));
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.message).toMatch(new RegExp(`\\(sales invoice ${UNKNOWN_ID}\\)$`));
		expect(result.items(NODE)).toHaveLength(0);
	});

	it('continue on fail: the unknown one becomes an error item, the other a PDF, each paired to its input', async () => {
		const record = unsentDocument('sales_invoices');
		const result = await env.runNode(
			downloadPdf('salesInvoice', '={{ $json.id }}'),
			{ continueOnFail: true },
			{ input: [{ id: UNKNOWN_ID }, { id: String(record.id) }] },
		);
		const [failed, downloaded] = result.items(NODE);
		expect(failed.json.error).toMatch(new RegExp(UNKNOWN_ID));
		expect(failed.binary).toBeUndefined();
		expect(failed.pairedItem).toEqual({ item: 0 });
		expect(downloaded.binary?.data.mimeType).toBe('application/pdf');
		expect(downloaded.pairedItem).toEqual({ item: 1 });
	});

	it('is offered for the three documents the service renders, not for quotes or estimates', async () => {
		const result = await env.runNode(downloadPdf('salesQuote', UNKNOWN_ID));
		expect(result.error?.message).toMatch(/"downloadPdf" is not available for resource "salesQuote"/);
	});
});

describe('an answer that is not a PDF', () => {
	it('a 406 with the service’s error body, streamed, becomes its message (never bytes in the output)', async () => {
		const body = [
			{ $severity: 'error', $dataCode: 'NotAcceptable', $message: 'No PDF for this resource', $source: '' },
		];
		const failure = {
			response: { status: 406, headers: {}, body: Readable.from([Buffer.from(JSON.stringify(body))]) },
		};
		const error = toServiceError({ name: NODE } as never, await withBodyRead(failure));
		expect(error.message).toBe('No PDF for this resource');
		expect(error.httpCode).toBe('406');
	});
});

// Last in this file: once initialised, n8n-core keeps filesystem mode for the rest of the process.
describe('with n8n’s filesystem binary data mode', () => {
	beforeAll(async () => {
		if (isN8n1) Container.get(BinaryDataConfig).mode = 'filesystem';
		await Container.get(BinaryDataService).init();
	});

	it('the PDF is stored on disk, equal to the service’s rendering', async () => {
		const record = unsentDocument('sales_invoices');
		const result = await env.runNode(downloadPdf('salesInvoice', String(record.id)));
		const binary = result.items(NODE)[0].binary!.data;
		expect(binary.id).toMatch(/^filesystem/);
		const expected = await env.sandbox.dataset.renderDocumentPdf(lead, 'sales_invoices', String(record.id));
		expect((await bytesOf(binary)).equals(expected)).toBe(true);
	});
});
