/**
 * Requests per row of the writes that create: Create (an idempotent resource, contacts) and Create
 * or Update by reference, for new rows and for rows whose record exists, counted in the sandbox's
 * log (the 401s of a renewal left out). A create the service answers from memory is read back;
 * a fresh one is not, so a new row of Create or Update is a search and a create.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { accountingServiceNode, runWorkflow } from '../test/harness';
import { create, defineBelow } from '../test/node/write-helpers';
import { connectToSandbox } from './connect';
import { apiRequestLog, clearLog, startSandboxProcess, type ApiLogEntry } from './sandbox-process';

export const WRITE_REQUESTS_HEADING = '\n## Requests per row of Create and Create or Update';

export interface WriteRequestsRow {
	operation: string;
	rows: number;
	requests: number;
	byKind: string;
}

const upsertByReference: INodeParameters = {
	resource: 'contact',
	operation: 'upsert',
	fields: {
		mappingMode: 'defineBelow',
		value: { reference: '={{ $json.reference }}', name: '={{ $json.name }}', contact_type_ids: ['CUSTOMER'] },
		matchingColumns: ['reference'],
		schema: [],
	},
	requestOptions: { concurrentRequests: 3 },
};
const createContact = create('contact', defineBelow({ name: '={{ $json.name }}', contact_type_ids: ['CUSTOMER'] }), {
	requestOptions: { concurrentRequests: 3 },
});

export async function measureWriteRequests(rows: number, log: (line: string) => void): Promise<WriteRequestsRow[]> {
	const sandbox = await startSandboxProcess({ scale: 50, latencyMs: 0 });
	try {
		const connected = await connectToSandbox(sandbox);
		const sheet = Array.from({ length: rows }, (_, index) => ({
			reference: `BENCH${index}`,
			name: `Bench Row ${index}`,
		}));
		const measured: WriteRequestsRow[] = [];
		for (const [operation, parameters] of [
			['Create (contacts)', createContact],
			['Create or Update, new rows', upsertByReference],
			['Create or Update, existing rows', upsertByReference],
		] as const) {
			await clearLog(sandbox);
			const result = await runWorkflow({
				store: connected.store,
				nodes: [accountingServiceNode(connected.credential, parameters)],
				input: sheet as IDataObject[],
			});
			if (result.error) throw result.error;
			const answered = (await apiRequestLog(sandbox)).filter((entry) => entry.status !== 401);
			const kinds = new Map<string, number>();
			for (const entry of answered) {
				const [path] = entry.path.split('?');
				const kind = `${(entry as ApiLogEntry & { method?: string }).method ?? ''} ${/\/contacts\/[^/]+$/.test(path) ? '/contacts/{id}' : '/contacts'}`;
				kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
			}
			const row = {
				operation,
				rows,
				requests: answered.length,
				byKind: [...kinds].map(([kind, count]) => `${kind} ${count}`).join(', '),
			};
			log(`${operation}: ${row.requests} requests for ${rows} rows (${row.byKind})`);
			measured.push(row);
		}
		return measured;
	} finally {
		await sandbox.stop();
	}
}

export function writeRequestsMarkdown(rows: WriteRequestsRow[]): string {
	const lines = [
		WRITE_REQUESTS_HEADING.trim(),
		'',
		'A sheet of rows through one node run, 3 at once (`npm run bench -- --only writes`). Only a create the service answers from memory (its record made in an earlier second than the answer) is read back.',
		'',
		'| Operation | Rows | Requests | Per row | Requests by kind |',
		'|---|---:|---:|---:|---|',
		...rows.map(
			(row) =>
				`| ${row.operation} | ${row.rows} | ${row.requests} | ${(row.requests / row.rows).toFixed(2)} | ${row.byKind} |`,
		),
		'',
	];
	return lines.join('\n');
}
