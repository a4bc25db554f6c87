/**
 * Download PDF on loopback: a sales invoice of 1 line and one of 50, made through the writes
 * (POST /sales_invoices) in a sandbox of its own process, then fetched as the service renders it.
 * For each: the PDF's size, a direct GET with `Accept: application/pdf` (raw undici, keep-alive),
 * the same two requests the node makes (the record's JSON, then the PDF) raw, and the node's
 * Download PDF through n8n-core's `WorkflowExecute` (n8n's default memory binary mode); medians,
 * the three alternating run by run. No goal: the node's two requests, and n8n's request path
 * (a new connection per request), are what it costs beyond the direct GET.
 */

import type { IBinaryData } from 'n8n-workflow';
import { Agent, request } from 'undici';

import { accountingServiceNode, runWorkflow } from '../test/harness';
import { bodies } from '../test/sandbox/write-bodies';
import { connectToSandbox } from './connect';
import { median, timed, measuredAlone } from './measure';
import { renew } from './raw-loops';
import { apiRequestLog, clearLog, startSandboxProcess, type SandboxProcess } from './sandbox-process';

const PDF = 'application/pdf';
/** The line counts measured: the 50-line invoice of the sandbox's document tests, and one line to compare. */
export const PDF_LINE_COUNTS = [1, 50];

export interface DocumentPdfRow {
	lines: number;
	bytes: number;
	runs: number;
	/** One GET with `Accept: application/pdf`, raw undici, keep-alive (median). */
	directMs: number;
	/** The node's two requests raw: the record's JSON, then the PDF (median). */
	directBothMs: number;
	/** The node's Download PDF through n8n-core (median). */
	nodeMs: number;
}

/** Keep-alive, as in the other raw loops. */
const agent = new Agent({ keepAliveTimeout: 30_000 });

type Connected = Awaited<ReturnType<typeof connectToSandbox>>;

/** One API call with the credential's current token (renewed once on a 401, as n8n does). */
async function call(
	sandbox: SandboxProcess,
	connected: Connected,
	path: string,
	{
		method = 'GET',
		accept = 'application/json',
		body,
	}: { method?: 'GET' | 'POST'; accept?: string; body?: unknown } = {},
): Promise<{ status: number; contentType: string; bytes: Buffer }> {
	const tokens = { store: connected.store, credentialId: connected.credential.id };
	for (let attempt = 0; ; attempt++) {
		const token = String(connected.store.oauthTokenData(connected.credential.id).access_token);
		const response = await request(`${sandbox.urls.baseUrl}${path}`, {
			method,
			dispatcher: agent,
			headers: {
				authorization: `Bearer ${token}`,
				accept,
				...(body === undefined ? {} : { 'content-type': 'application/json' }),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		if (response.statusCode === 401 && attempt === 0) {
			await response.body.dump();
			await renew(sandbox, tokens);
			continue;
		}
		const bytes = Buffer.from(await response.body.arrayBuffer());
		return { status: response.statusCode, contentType: String(response.headers['content-type'] ?? ''), bytes };
	}
}

const json = (reply: { bytes: Buffer }) => JSON.parse(reply.bytes.toString('utf8')) as Record<string, any>;

/** A new sales invoice of the lead business with `count` lines, made through the writes as the document tests make one. */
async function newInvoice(sandbox: SandboxProcess, connected: Connected, count: number): Promise<string> {
	const bodyFor = bodies(
		async (path) => {
			const reply = await call(sandbox, connected, path);
			return { status: reply.status, json: reply.status === 200 ? json(reply) : undefined };
		},
		async (path, body) => {
			const reply = await call(sandbox, connected, path, { method: 'POST', body });
			return { status: reply.status, json: json(reply) };
		},
	);
	const body = await bodyFor('sales_invoices', sandbox.leadBusinessId);
	const template = body.sales_invoice.invoice_lines[0] as Record<string, unknown>;
	body.sales_invoice.invoice_lines = Array.from({ length: count }, (_, k) => ({
		...template,
		description: `Line ${k + 1}: Café de Olla Blend Ground for Espresso 1 kg`,
		quantity: (k % 9) + 1,
		unit_price: 12.5 + k,
		tax_amount: Math.round(((k % 9) + 1) * (12.5 + k) * 20) / 100,
	}));
	const made = await call(sandbox, connected, '/sales_invoices', { method: 'POST', body });
	if (made.status !== 201) throw new Error(`POST /sales_invoices answered ${made.status}: ${made.bytes.toString()}`);
	return String(json(made).id);
}

/** The direct GET of the PDF, as the node's second request asks for it. */
async function directPdf(sandbox: SandboxProcess, connected: Connected, id: string): Promise<Buffer> {
	const reply = await call(sandbox, connected, `/sales_invoices/${id}?mark_as_sent=false`, { accept: PDF });
	if (reply.status !== 200 || !reply.contentType.startsWith(PDF)) {
		throw new Error(`the PDF of ${id} answered ${reply.status} ${reply.contentType}`);
	}
	return reply.bytes;
}

/** The node's two requests, raw: the record's JSON, then the PDF. */
async function directBoth(sandbox: SandboxProcess, connected: Connected, id: string): Promise<Buffer> {
	const record = await call(sandbox, connected, `/sales_invoices/${id}`);
	if (record.status !== 200 || json(record).id !== id) throw new Error(`the record ${id} answered ${record.status}`);
	return await directPdf(sandbox, connected, id);
}

/** The node's Download PDF through n8n-core; the file's bytes from the memory binary mode's item. */
async function nodePdf(connected: Connected, id: string): Promise<Buffer> {
	const result = await runWorkflow({
		store: connected.store,
		nodes: [
			accountingServiceNode(connected.credential, {
				resource: 'salesInvoice',
				operation: 'downloadPdf',
				id: { __rl: true, mode: 'id', value: id },
				binaryPropertyName: 'data',
				options: { markAsSent: false },
			}),
		],
	});
	if (result.error) throw result.error;
	const binary: IBinaryData | undefined = result.items('Accounting Service')[0]?.binary?.data;
	if (!binary || binary.id) throw new Error(`the node returned no in-memory file for ${id}`);
	return Buffer.from(binary.data, 'base64');
}

/**
 * Each invoice measured `runs` times: direct, direct both, node, in turn. The node's file must be
 * the direct GET's bytes, and each node run exactly its two requests (the sandbox's log).
 */
export async function measureDocumentPdf(runs: number, log: (line: string) => void): Promise<DocumentPdfRow[]> {
	const sandbox = await startSandboxProcess({ scale: 200 });
	const rows: DocumentPdfRow[] = [];
	try {
		const connected = await connectToSandbox(sandbox);
		for (const lines of PDF_LINE_COUNTS) {
			const id = await newInvoice(sandbox, connected, lines);
			// Warm-up: loads the node and its n8n-core paths, and the sandbox's renderer.
			const expected = await directPdf(sandbox, connected, id);
			await directBoth(sandbox, connected, id);
			if (!(await nodePdf(connected, id)).equals(expected)) throw new Error(`the node's PDF of ${id} differs`);

			const direct: number[] = [];
			const both: number[] = [];
			const node: number[] = [];
			for (let run = 0; run < runs; run++) {
				direct.push((await timed(() => directPdf(sandbox, connected, id))).ms);
				both.push((await timed(() => directBoth(sandbox, connected, id))).ms);
				await clearLog(sandbox);
				const measured = await timed(() => nodePdf(connected, id));
				const requests = await apiRequestLog(sandbox);
				if (!measured.result.equals(expected)) throw new Error(`the node's PDF of ${id} differs`);
				if (requests.length !== 2 || !requests[1].path.endsWith(`/sales_invoices/${id}?mark_as_sent=false`)) {
					throw new Error(`the node made ${requests.map((entry) => entry.path).join(', ')}`);
				}
				node.push(measured.ms);
			}
			const row: DocumentPdfRow = {
				lines,
				bytes: expected.length,
				runs,
				directMs: median(direct),
				directBothMs: median(both),
				nodeMs: median(node),
			};
			rows.push(row);
			log(
				`  ${lines}-line sales invoice, PDF ${row.bytes.toLocaleString('en')} bytes: direct GET ${ms(row.directMs)}, ` +
					`record + PDF raw ${ms(row.directBothMs)}, node ${ms(row.nodeMs)} (medians of ${runs}), ` +
					`node ÷ direct ${(row.nodeMs / row.directMs).toFixed(1)}×`,
			);
		}
	} finally {
		await sandbox.stop();
	}
	return rows;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The section of RESULTS.md; `standalone` adds the machine and date (when written alone with `--only pdf`). */
export function documentPdfMarkdown(rows: DocumentPdfRow[], standalone = false): string {
	const runs = rows[0]?.runs ?? 0;
	const table = [
		`| Sales invoice | PDF size | Direct GET, \`Accept: application/pdf\` (median of ${runs}) | Record + PDF raw, the node's two requests (median) | Node's Download PDF through n8n-core (median) | Node ÷ direct GET | Node ÷ record + PDF raw |`,
		'|---|---|---|---|---|---|---|',
		...rows.map(
			(row) =>
				`| ${row.lines} line${row.lines === 1 ? '' : 's'} | ${row.bytes.toLocaleString('en')} bytes | ${ms(row.directMs)} | ` +
				`${ms(row.directBothMs)} | ${ms(row.nodeMs)} | ${(row.nodeMs / row.directMs).toFixed(1)}× | ` +
				`${(row.nodeMs / row.directBothMs).toFixed(1)}× |`,
		),
	].join('\n');
	const measured = standalone ? measuredAlone('pdf') : '';
	return (
		`## Download PDF (loopback, a sandbox of its own)\n\n` +
		`A sales invoice of 1 line and one of 50, made through the writes (POST /sales_invoices), fetched as the ` +
		`sandbox renders it: a direct GET with \`Accept: application/pdf\` and \`mark_as_sent=false\` (raw undici, ` +
		`keep-alive); the node's two requests raw (the record's JSON, then the PDF); and the node's Download PDF ` +
		`through n8n-core's \`WorkflowExecute\` (memory binary mode), which makes those two requests on new ` +
		`connections. The three alternate run by run; the node's file equals the direct GET's bytes and each node ` +
		`run makes exactly 2 requests (the sandbox's log). No goal.${measured}\n\n${table}\n`
	);
}
