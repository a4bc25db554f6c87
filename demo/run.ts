/**
 * The demo: a fresh sandbox, n8n's "Connect my account" with PKCE through the sandbox's consent
 * page, then two workflows through n8n-core's engine — the account's businesses, and every sales
 * invoice of the lead business into a CSV file.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { createSandbox } from '../sandbox';
import { accountingServiceNode, connectedStore, runWorkflow } from '../test/harness';
import { toCsv } from './csv';

const OUTPUT = resolve(__dirname, '..', 'out', 'sales-invoices.csv');

/** Columns of the node's Simplified rows, as a spreadsheet of invoices wants them: no mapping needed. */
const INVOICE_COLUMNS = [
	'sales_invoice_id',
	'invoice_number',
	'contact_name',
	'date',
	'due_date',
	'net_amount',
	'tax_amount',
	'total_amount',
	'outstanding_amount',
	'status_name',
];

async function main() {
	const sandbox = createSandbox({ port: 0 });
	const urls = await sandbox.start();
	console.log(`Sandbox running at ${urls.origin}`);
	try {
		const { store, credential } = await connectedStore({ urls, client: sandbox.client }, 'Sandbox');
		const granted = store.oauthTokenData(credential.id);
		console.log(
			`Signed in with OAuth2 + PKCE (S256): scope ${String(granted.scopes)}, access token valid ${String(granted.expires_in)} s`,
		);

		const businesses = await runWorkflow({
			store,
			nodes: [accountingServiceNode(credential, { resource: 'business', operation: 'getAll', returnAll: true })],
		});
		if (businesses.error) throw businesses.error;
		console.log('\nBusinesses of the account:');
		for (const business of businesses.json('Accounting Service')) {
			console.log(`  - ${String(business.displayed_as ?? business.name)} (${String(business.id)})`);
		}

		const before = sandbox.log.entries().length;
		const invoices = await runWorkflow({
			store,
			nodes: [
				accountingServiceNode(credential, {
					resource: 'salesInvoice',
					operation: 'getAll',
					returnAll: true,
				}),
			],
		});
		if (invoices.error) throw invoices.error;
		const records = invoices.json('Accounting Service');
		const requests = sandbox.log
			.entries()
			.slice(before)
			.filter((entry: { path: string }) => entry.path.includes('/sales_invoices'));

		mkdirSync(resolve(OUTPUT, '..'), { recursive: true });
		writeFileSync(
			OUTPUT,
			toCsv(
				INVOICE_COLUMNS,
				records.map((invoice) => INVOICE_COLUMNS.map((column) => invoice[column])),
			),
		);
		console.log(
			`\nInvoices to spreadsheet: ${records.length} sales invoices of the lead business in ${requests.length} requests (${invoices.durationMs.toFixed(0)} ms)`,
		);
		console.log(`Wrote ${OUTPUT} with ${records.length} rows (plus a header row).`);
	} finally {
		await sandbox.stop();
	}
}

main().catch((error: unknown) => {
	console.error('Demo failed:', error instanceof Error ? error.message : error);
	process.exit(1);
});
