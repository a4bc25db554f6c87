// The review brief: one hostile answer cannot hurt, and stored state with prototype keys is no
// state the trigger follows blindly. Under All Businesses the trigger keeps each business's
// position under its ID in the static data. A service (or a proxy) that names a business
// `__proto__` or `constructor` — an ID is the service's to choose — must not make that business's
// position vanish on every save, nor fail it on every poll: its invoices come like any other's.
import * as fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';
import type { IncomingMessage, ServerResponse } from 'node:http';

import { startGateway } from '../hostile-service';
import { useTriggerSandbox } from '../trigger-sandbox';

const env = useTriggerSandbox();

type Business = { id: string; key: string };
const ALL = {
	business: { __rl: true, mode: 'list', value: 'all', cachedResultName: 'All Businesses' },
	output: 'fields',
	fields: ['invoice_number'],
};

/** Forwards to the sandbox with the business `real` renamed `forged`, both ways: its requests' header, every answer. */
async function forwardRenamed(
	target: string,
	req: IncomingMessage,
	res: ServerResponse,
	body: string,
	real: string,
	forged: string,
) {
	const headers = Object.fromEntries(
		Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)),
	) as Record<string, string>;
	if (headers['x-business'] === forged) headers['x-business'] = real;
	const answer = await fetch(new URL(req.url ?? '/', target), {
		method: req.method,
		headers,
		body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
	});
	const text = Buffer.from(await answer.arrayBuffer())
		.toString('utf8')
		.split(real)
		.join(forged);
	const out = Object.fromEntries(
		[...answer.headers].filter(([name]) => !['content-encoding', 'content-length'].includes(name)),
	);
	if (out['x-business'] === real) out['x-business'] = forged;
	res.writeHead(answer.status, out).end(text);
}

/** Through a gateway naming the second business `forged`: an invoice created between polls comes once, twice over. */
async function expectInvoicesComeFor(forged: string) {
	const second = (env.sandbox.dataset.businesses as Business[]).find((business) => business.key === 'second')!.id;
	const target = new URL(env.urls.baseUrl).origin;
	const gateway = await startGateway(target, () => async (req, res, body) => {
		await forwardRenamed(target, req, res, body, second, forged);
		return true;
	});
	/** The credential's base URL moved from one origin to another, its tokens as they are now (they rotate). */
	const point = (from: string, to: string) => {
		const data = env.store.data(env.credential.id);
		env.store.replaceData(env.credential.id, { ...data, baseUrl: String(data.baseUrl).replace(from, to) });
	};
	try {
		point(target, gateway.origin);
		const poller = env.poller(ALL);
		expect((await poller.activate()).error).toBeUndefined();
		for (let poll = 0; poll < 2; poll++) {
			env.clock.advance(60);
			const invoice = env.create('sales_invoices', { business: second });
			const { json, error } = await poller.poll();
			expect(error).toBeUndefined();
			const theirs = json.filter((row) => row.business_id === forged);
			expect(
				theirs.map((row: IDataObject) => (row.change_type === 'error' ? row.error : row.sales_invoice_id)),
			).toEqual([invoice.id]);
		}
	} finally {
		point(gateway.origin, target);
		await gateway.close();
	}
}

describe('a business whose ID is the name of an object’s built-in', () => {
	it('(the gateway itself: a business renamed plainly keeps its position)', async () => {
		await expectInvoicesComeFor('renamed-business');
	});

	it('keeps its position from poll to poll: an invoice created between polls comes once', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty'),
				expectInvoicesComeFor,
			),
			{ numRuns: 4 },
		);
	});
});
