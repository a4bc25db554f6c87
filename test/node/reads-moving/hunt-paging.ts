// Hunt (issue 49 review): Return All accepts two readings that agree, even when each reading
// lost the same record to a move. Under `date:asc`, invoice X (on page 2) is moved onto page 1
// after page 1 is read, and moved back before the next reading's page 1: every reading then
// reads the same 299 records, and `sameReading` takes the agreement for a list that held still.
// X existed for the whole read: it must come out once (300 records).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { INodeParameters } from 'n8n-workflow';
import { request } from 'undici';

import { accountingServiceNode, connectedStore, runWorkflow } from '../../harness';
import type { ConnectedSandbox } from '../connected-sandbox';
import { useConnectedSandbox } from '../connected-sandbox';

const NODE = 'Accounting Service';
const env = useConnectedSandbox({ scale: 300 }, { fresh: true });

type Request = { method: string; path: string; query: string };
const isInvoicePage = (request: Request) =>
	request.method === 'GET' && request.path === '/sales_invoices' && /items_per_page=200/.test(request.query);
const pageOf = (request: Request) => Number(/(?:^|&)page=(\d+)/.exec(request.query)?.[1] ?? 1);

/**
 * Moves `id` to `early` as page 2 of each of the first `readings` readings is requested, and
 * back to `own` as each page 1 is (for good from reading `readings` + 1).
 */
function toggleAcrossBoundary(
	sandbox: ConnectedSandbox['sandbox'],
	id: string,
	dates: { own: string; early: string },
	readings: number,
) {
	const lead = sandbox.dataset.leadBusinessId as string;
	let reading = 0;
	return sandbox.beforeApiRequest((request: Request) => {
		if (!isInvoicePage(request)) return;
		if (pageOf(request) === 1) reading++;
		if (reading > readings) return;
		const date = pageOf(request) === 1 ? dates.own : dates.early;
		sandbox.dataset.updateRecord(lead, 'sales_invoices', id, { date });
	});
}

const readByDate = async () =>
	await env.runNode({
		resource: 'salesInvoice',
		operation: 'getAll',
		returnAll: true,
		output: 'raw',
		options: { sort: 'date:asc' },
	});

/** The 300 invoices by date, and the one on page 2 to move with its own date and one before all. */
async function setUp() {
	const path = `/sales_invoices?sort=${encodeURIComponent('date:asc')}`;
	const before = await env.allIdsDirect(path);
	expect(before).toHaveLength(300);
	const moved = before[250];
	const own = (await env.fetchDirect(`/sales_invoices/${moved}`)).body.date as string;
	const earliest = (await env.fetchDirect(`/sales_invoices/${before[0]}`)).body.date as string;
	expect('2001-01-01' < earliest && earliest < own).toBe(true);
	return { before, moved, dates: { own, early: '2001-01-01' } };
}

it('date:asc, an invoice of page 2 moved onto page 1 during readings 1 and 2 and back between them: all 300 once', async () => {
	const { before, moved, dates } = await setUp();
	const stop = toggleAcrossBoundary(env.sandbox, moved, dates, 2);
	const result = await readByDate();
	stop();
	expect(result.error).toBeUndefined();

	const output = result.json(NODE).map((item) => item.id as string);
	expect(new Set(output).size).toBe(output.length);
	expect(output.includes(moved)).toBe(true);
	expect([...output].sort()).toEqual([...before].sort());
});

it('date:asc, the same move during every reading: an error naming the list, never 299 of 300 in silence', async () => {
	const { before, moved, dates } = await setUp();
	const stop = toggleAcrossBoundary(env.sandbox, moved, dates, Infinity);
	const result = await readByDate();
	stop();
	if (result.error) {
		expect(String(result.error.message)).toMatch(/\/sales_invoices kept changing/);
		return;
	}
	const output = result.json(NODE).map((item) => item.id as string);
	expect([...output].sort()).toEqual([...before].sort());
});

/**
 * The sandbox's API behind a small proxy: every answer with `date` as its `Date` header when
 * given (a broken gateway's clock; the records' stamps stay the service's own), and each request
 * forwarded once `beforeForward` has settled (a request held in flight while others are answered).
 */
async function proxied(options: { date?: string; beforeForward?: (query: URLSearchParams) => Promise<void> }) {
	const target = new URL(env.urls.baseUrl);
	const server: Server = createServer((req, res) => {
		void (async () => {
			await options.beforeForward?.(new URL(req.url ?? '/', 'http://proxy').searchParams);
			const headers: IncomingHttpHeaders = { ...req.headers, host: target.host };
			const answer = await request(`${target.origin}${req.url ?? '/'}`, { method: 'GET', headers });
			const body = Buffer.from(await answer.body.arrayBuffer());
			const out: Record<string, string> = {};
			for (const [name, value] of Object.entries(answer.headers)) {
				if (
					!['content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(name) &&
					typeof value === 'string'
				)
					out[name] = value;
			}
			if (options.date) out.date = options.date;
			res.writeHead(answer.statusCode, out);
			res.end(body);
			served.push(req.url ?? '/');
		})();
	});
	const served: string[] = [];
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}${target.pathname}`;
	const { store, credential } = await connectedStore({ urls: { ...env.urls, baseUrl }, client: env.sandbox.client });
	return {
		served,
		runNode: async (parameters: INodeParameters) =>
			await runWorkflow({ store, nodes: [accountingServiceNode(credential, parameters)] }),
		close: async () =>
			await new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}

it.each(['Fri, 31 Dec 9999 23:59:59 GMT', 'Thu, 01 Jan 1970 00:00:00 GMT'])(
	'Date header %s: one invoice of page 1 deleted and one created as page 2 is read, every invoice present throughout once',
	async (date) => {
		const { dataset } = env.sandbox;
		const lead = dataset.leadBusinessId as string;
		const before = await env.allIdsDirect('/sales_invoices');
		expect(before).toHaveLength(300);
		const deleted = before[10];
		let done = false;
		const stop = env.sandbox.beforeApiRequest((request: Request) => {
			if (done || !isInvoicePage(request) || pageOf(request) !== 2) return;
			done = true;
			dataset.deleteRecord(lead, 'sales_invoices', deleted);
			dataset.createRecord(lead, 'sales_invoices');
		});
		const proxy = await proxied({ date });
		try {
			const result = await proxy.runNode({
				resource: 'salesInvoice',
				operation: 'getAll',
				returnAll: true,
				output: 'raw',
			});
			expect(result.error).toBeUndefined();
			const output = result.json(NODE).map((item) => item.id as string);
			expect(new Set(output).size).toBe(output.length);
			// Present for the whole read: the 299 not deleted, before[200] (slid onto page 1 as it was read) with them.
			const seen = new Set(output);
			expect(before.filter((id) => id !== deleted && !seen.has(id))).toEqual([]);
		} finally {
			stop();
			await proxy.close();
		}
	},
);

it('from_date filter: an invoice leaves the set and one is created as page 2 is read, both deleted while the edits check is in flight after the deletions check was answered: every invoice present throughout once', async () => {
	const { dataset } = env.sandbox;
	const lead = dataset.leadBusinessId as string;
	const before = await env.allIdsDirect('/sales_invoices');
	expect(before).toHaveLength(300);
	const dates = await Promise.all(
		[before[0], before[10]].map(async (id) => (await env.fetchDirect(`/sales_invoices/${id}`)).body.date as string),
	);
	const fromDate = '2010-01-01';
	expect(dates.every((date) => date >= fromDate)).toBe(true);
	expect(await env.allIdsDirect(`/sales_invoices?from_date=${fromDate}`)).toEqual(before);
	const leaving = before[10];
	let created: string | undefined;
	const stop = env.sandbox.beforeApiRequest((request: Request) => {
		if (created || !isInvoicePage(request) || pageOf(request) !== 2) return;
		dataset.updateRecord(lead, 'sales_invoices', leaving, { date: '2001-01-01' });
		created = dataset.createRecord(lead, 'sales_invoices').id as string;
	});
	let heldOnce = false;
	let deletionsAnswered: () => void = () => undefined;
	const deletionsCheck = new Promise<void>((resolve) => (deletionsAnswered = resolve));
	const proxy = await proxied({
		beforeForward: async (query) => {
			if (!query.has('updated_or_created_since') || heldOnce) return;
			heldOnce = true;
			// Held until the deletions check is answered; a package that asks it only after this
			// answer never sends it meanwhile, and the edits check goes on after a moment.
			let timer: NodeJS.Timeout | undefined;
			await Promise.race([deletionsCheck, new Promise((resolve) => (timer = setTimeout(resolve, 300)))]);
			clearTimeout(timer);
			dataset.deleteRecord(lead, 'sales_invoices', leaving);
			dataset.deleteRecord(lead, 'sales_invoices', created!);
		},
	});
	const watch = setInterval(() => {
		if (proxy.served.some((url) => url.includes('deleted_since'))) deletionsAnswered();
	}, 5);
	try {
		const result = await proxy.runNode({
			resource: 'salesInvoice',
			operation: 'getAll',
			returnAll: true,
			output: 'raw',
			filters: { fromDate },
		});
		expect(result.error).toBeUndefined();
		const output = result.json(NODE).map((item) => item.id as string);
		expect(new Set(output).size).toBe(output.length);
		// Present (and in the set) for the whole read: the 299 other than the one that left, before[200] with them.
		const seen = new Set(output);
		expect(before.filter((id) => id !== leaving && !seen.has(id))).toEqual([]);
	} finally {
		clearInterval(watch);
		deletionsAnswered();
		stop();
		await proxy.close();
	}
});
