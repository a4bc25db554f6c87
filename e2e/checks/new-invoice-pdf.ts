import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { PDFParse } from 'pdf-parse';

import { sleep, until } from '../wait';
import { expect, type CheckContext, type ExampleCheck } from './types';

/** The text a PDF shows, as a reader extracts it. */
async function pdfText(bytes: Buffer): Promise<string> {
	const parser = new PDFParse({ data: new Uint8Array(bytes) });
	try {
		return (await parser.getText()).text;
	} finally {
		await parser.destroy();
	}
}

/**
 * The PDF example, published: n8n start polls it with the other trigger. Runs after the row
 * example, so its trigger has long made its first poll; a new invoice must arrive as
 * `<number>.pdf`, a PDF that shows the number, equal to the service's rendering, and the invoice
 * must still be unsent (Mark as Sent is off).
 */
async function check({ folder, sandbox, reader }: CheckContext): Promise<string> {
	const lead = sandbox.dataset.leadBusinessId;
	const created = sandbox.dataset.createRecord(lead, 'sales_invoices', { sent: false });
	const number = String(created.invoice_number);
	const file = join(folder, `${number}.pdf`);
	await until(`${number}.pdf in ${folder}`, 150_000, () => (existsSync(file) ? true : undefined));
	// The Write node may still be writing: wait until the file holds a whole PDF.
	let bytes = readFileSync(file);
	for (let tries = 0; !bytes.subarray(-8).toString('latin1').includes('%%EOF') && tries < 20; tries++) {
		await sleep(250);
		bytes = readFileSync(file);
	}
	expect(bytes.subarray(0, 5).toString('latin1') === '%PDF-', `${number}.pdf does not start as a PDF`);
	const text = await pdfText(bytes);
	expect(text.includes(number), `${number}.pdf does not show the invoice number; its text: ${text.slice(0, 300)}`);
	const expected = await sandbox.dataset.renderDocumentPdf(lead, 'sales_invoices', String(created.id));
	expect(bytes.equals(expected), `${number}.pdf differs from the service's rendering of the invoice`);
	const now = await reader.get<{ sent: boolean }>(`/sales_invoices/${String(created.id)}?attributes=sent`);
	expect(now.sent === false, `${number} was marked as sent by downloading its PDF`);
	return `new invoice ${number} arrived as ${number}.pdf (${bytes.length} bytes, equal to the service's rendering, shows its number); still unsent`;
}

export const newInvoicePdfCheck: ExampleCheck = {
	workflowId: 'acctNewInvoicePdf',
	runs: 'published',
	settings: {},
	nodeParameters: { 'New sales invoice': { pollTimes: { item: [{ mode: 'everyMinute' }] } } },
	check,
};
