import { createHash } from 'node:crypto';
import { createReadStream, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { outputOf } from '../n8n-cli';
import { expect, runOf, type CheckContext, type ExampleCheck } from './types';

/** A period with three attached files in the sandbox, one of them a 5 MiB PDF. */
const FROM = '2024-07-01';
const TO = '2024-12-31';

async function sha256(stream: NodeJS.ReadableStream): Promise<string> {
	const hash = createHash('sha256');
	for await (const chunk of stream) hash.update(chunk as Buffer);
	return hash.digest('hex');
}

type Attachment = Record<string, unknown> & {
	id: string;
	file_name: string;
	file_size: number;
	mime_type: string;
	attachment_context_type: { id: string };
	attachment_context: { id: string; displayed_as: string };
};

/** Example 2: exactly the files attached to purchase invoices of the period, byte for byte. */
async function check(context: CheckContext): Promise<string> {
	const { folder, reader } = context;
	const { dataset } = context.sandbox;
	const leadBusinessId = dataset.leadBusinessId;
	const all = (await reader.all('/attachments?attributes=all')) as Attachment[];
	const expected: Attachment[] = [];
	for (const attachment of all.filter((candidate) => candidate.attachment_context_type.id === 'PURCHASE_INVOICE')) {
		const invoice = await reader.get<{ date: string }>(`/purchase_invoices/${attachment.attachment_context.id}`);
		if (invoice.date >= FROM && invoice.date <= TO) expected.push(attachment);
	}
	expect(
		expected.length > 0,
		`the sandbox has no purchase invoice attachments between ${FROM} and ${TO}: the check would prove nothing`,
	);

	// The listing is Simplified: the key column, and the invoice's number the files are named after.
	const listed = outputOf(runOf(context), 'List their attachments');
	expect(
		listed.length === expected.length,
		`List their attachments put out ${listed.length} rows; ${expected.length} attachments expected`,
	);
	for (const item of listed) {
		const want = expected.find((attachment) => attachment.id === item.json.attachment_id);
		expect(
			want !== undefined,
			`List their attachments listed ${String(item.json.attachment_id)}, not one of the period's`,
		);
		const got = [item.json.attachment_context_id, item.json.attachment_context_name, item.json.file_name];
		const wanted = [want.attachment_context.id, want.attachment_context.displayed_as, want.file_name];
		expect(
			JSON.stringify(got) === JSON.stringify(wanted),
			`List their attachments: ${String(item.json.attachment_id)} is ${JSON.stringify(got)}; the service says ${JSON.stringify(wanted)}`,
		);
	}

	const downloaded = outputOf(runOf(context), 'Download File');
	expect(
		downloaded.length === expected.length,
		`Download File put out ${downloaded.length} items; ${expected.length} attachments expected`,
	);
	for (const item of downloaded) {
		const want = expected.find((attachment) => attachment.id === item.json.id);
		expect(
			want !== undefined,
			`Download File returned attachment ${String(item.json.id)}, which is not one of the period's`,
		);
		expect(
			item.binary?.data?.mimeType === want.mime_type,
			`${want.file_name}: binary type ${String(item.binary?.data?.mimeType)}, expected ${want.mime_type}`,
		);
	}

	const names = (attachment: Attachment) =>
		`${attachment.attachment_context.displayed_as.replace(/[\\/]/g, '-')} - ${attachment.file_name}`;
	const written = readdirSync(folder).sort();
	const wanted = expected.map(names).sort();
	expect(
		JSON.stringify(written) === JSON.stringify(wanted),
		`files on disk ${JSON.stringify(written)}; expected ${JSON.stringify(wanted)}`,
	);

	let bytes = 0;
	for (const attachment of expected) {
		const source = dataset.attachmentFile(leadBusinessId, attachment.id);
		expect(source !== null, `the sandbox has no file for attachment ${attachment.id}`);
		const [got, want] = await Promise.all([
			sha256(createReadStream(join(folder, names(attachment)))),
			sha256(source.open()),
		]);
		expect(got === want, `${names(attachment)}: its bytes differ from the service's file`);
		bytes += source.size;
	}
	return `${expected.length} files of purchase invoices dated ${FROM} – ${TO}, ${(bytes / 1024 / 1024).toFixed(1)} MiB, identical (SHA-256) to the service's`;
}

export const attachmentsCheck: ExampleCheck = {
	workflowId: 'acctPurchaseFiles',
	runs: 'execute',
	settings: { from: FROM, to: TO },
	check,
};
