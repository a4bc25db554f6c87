/**
 * The node as an AI tool: how large its answers to the everyday questions are, as the node
 * answered before it had an Output (Raw), as a workflow gets them (Simplified) and as a model
 * gets them (the tool's answer), and what a tool call costs against the same read as a node.
 */

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { accountingServiceNode, runWorkflow } from '../test/harness';
import { callTools } from '../test/node/tool-sandbox';
import { connectToSandbox } from './connect';
import { median, timed, measuredAlone } from './measure';
import { startSandboxProcess } from './sandbox-process';

type Connected = Awaited<ReturnType<typeof connectToSandbox>>;

export interface ToolAnswerRow {
	question: string;
	rawBytes: number;
	simplifiedBytes: number;
	toolBytes: number;
	toolRows: number;
}

export interface ToolAnswers {
	rows: ToolAnswerRow[];
	runs: number;
	nodeMs: number;
	toolMs: number;
	/** Median of the runs' tool ÷ node ratios. */
	ratio: number;
	unpaid: { invoices: number; callsBefore: number; callsAfter: number };
}

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

async function nodeOutput(connected: Connected, parameters: INodeParameters): Promise<IDataObject[]> {
	const run = await runWorkflow({
		store: connected.store,
		nodes: [accountingServiceNode(connected.credential, parameters)],
	});
	if (run.error) throw run.error;
	return run.json('Accounting Service');
}

async function toolAnswer(connected: Connected, parameters: INodeParameters): Promise<string> {
	const [result] = await callTools(connected, { question: parameters }, [{ tool: 'question', arguments: {} }]);
	if (result.answer === null) throw new Error(`the tool failed: ${String(result.error)}`);
	return result.answer;
}

export async function measureToolAnswers(runs: number, log: (line: string) => void): Promise<ToolAnswers> {
	const sandbox = await startSandboxProcess({ scale: 2_000 });
	try {
		const connected = await connectToSandbox(sandbox);
		const first = await nodeOutput(connected, {
			resource: 'salesInvoice',
			operation: 'getAll',
			limit: 200,
			filters: { statusId: 'UNPAID' },
		});
		const invoice = first[0];
		const contactId = String(invoice.contact_id);
		const contactWord = String(invoice.contact_name)
			.replace(/[^\p{L}\p{N}]+/gu, '')
			.slice(0, 3);
		const questions: Array<[string, INodeParameters]> = [
			[
				'One sales invoice by ID (Get)',
				{
					resource: 'salesInvoice',
					operation: 'get',
					id: { __rl: true, mode: 'id', value: String(invoice.sales_invoice_id) },
				},
			],
			['Sales invoices, Limit 500 (Get Many)', { resource: 'salesInvoice', operation: 'getAll', limit: 500 }],
			[
				`Contacts whose name starts "${contactWord}" (Search)`,
				{ resource: 'contact', operation: 'search', searchText: contactWord },
			],
			[
				'A contact’s unpaid invoices (Get Many, contact and status filters)',
				{ resource: 'salesInvoice', operation: 'getAll', filters: { contactId, statusId: 'UNPAID' } },
			],
		];
		const rows: ToolAnswerRow[] = [];
		for (const [question, parameters] of questions) {
			const raw = await nodeOutput(connected, { ...parameters, output: 'raw' });
			const simplified = await nodeOutput(connected, parameters);
			const answer = await toolAnswer(connected, parameters);
			const parsed = JSON.parse(answer) as IDataObject[];
			rows.push({
				question,
				rawBytes: bytes(raw),
				simplifiedBytes: bytes(simplified),
				toolBytes: Buffer.byteLength(answer, 'utf8'),
				toolRows: parsed.filter((row) => row.note === undefined).length,
			});
			log(`${question}: Raw ${bytes(raw)} B, Simplified ${bytes(simplified)} B, tool ${answer.length} B`);
		}

		// Before: the list gave each invoice's id and label only, so the amounts took a Get per invoice.
		const unpaidOfContact = questions[3][1];
		const unpaidInvoices = (await nodeOutput(connected, unpaidOfContact)).length;

		const nodeTimes: number[] = [];
		const toolTimes: number[] = [];
		const ratios: number[] = [];
		for (let run = 0; run < runs; run++) {
			const node = await timed(async () => await nodeOutput(connected, unpaidOfContact));
			const tool = await timed(async () => await toolAnswer(connected, unpaidOfContact));
			nodeTimes.push(node.ms);
			toolTimes.push(tool.ms);
			ratios.push(tool.ms / node.ms);
		}
		return {
			rows,
			runs,
			nodeMs: median(nodeTimes),
			toolMs: median(toolTimes),
			ratio: median(ratios),
			unpaid: { invoices: unpaidInvoices, callsBefore: 2 + unpaidInvoices, callsAfter: 2 },
		};
	} finally {
		await sandbox.stop();
	}
}

const kb = (value: number) => `${(value / 1024).toFixed(1)} KB`;

/** The section of RESULTS.md; `standalone` adds the machine and date (when written alone with `--only tool`). */
export function toolAnswersMarkdown(measured: ToolAnswers, standalone = false): string {
	const when = standalone ? measuredAlone('tool') : '';
	const table = [
		'| Question | Raw (the node before Output) | Simplified (a workflow) | The tool’s answer (a model) | Rows in the answer |',
		'|---|---|---|---|---|',
		...measured.rows.map(
			(row) =>
				`| ${row.question} | ${kb(row.rawBytes)} | ${kb(row.simplifiedBytes)} | ${kb(row.toolBytes)} | ${row.toolRows} |`,
		),
	].join('\n');
	return (
		`## The node as an AI tool: answers to a model (loopback)\n\n` +
		`Each question asked of the node through n8n-core's \`WorkflowExecute\` with Output Raw (what the node ` +
		`answered before it had an Output), with Simplified, and as a tool through n8n-core's own tool path (the ` +
		`answer's JSON text, empty columns left out, within the default Answer Size Limit; a last entry counts what ` +
		`was left out). Bytes of JSON.${when}\n\n${table}\n\n` +
		`A contact's unpaid invoices (${measured.unpaid.invoices} here) took ${measured.unpaid.callsBefore} calls ` +
		`when a list gave only IDs and labels (search the contact, list its invoices, get each); now ` +
		`${measured.unpaid.callsAfter}. A tool call of that list takes ${measured.toolMs.toFixed(0)} ms against ` +
		`${measured.nodeMs.toFixed(0)} ms for the same read as a node (medians of ${measured.runs}; median ratio ` +
		`${measured.ratio.toFixed(2)}×).\n`
	);
}
