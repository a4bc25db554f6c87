// The `businesses` option (benchmarks across businesses): the default stays the three seeded
// businesses; `businesses: 4` adds a fourth the user owns and reaches, with records of its own.
import { buildDataset } from '../../../sandbox/data';
import { inProcessApi } from '../in-process';

/** A GET through the sandbox's API in process, as the user with a full-access token. */
const apiOf = (dataset: ReturnType<typeof buildDataset>) => {
	const { get } = inProcessApi(dataset);
	return async (path: string, business = '') => await get(path, business);
};

const listedIds = async (get: ReturnType<typeof apiOf>) =>
	((await get('/businesses')).json as { $items: Array<{ id: string }> }).$items.map((business) => business.id);

it('by default the user reaches the three seeded businesses', async () => {
	const dataset = buildDataset({ scale: 40 });
	expect(dataset.businesses.map((business: { key: string }) => business.key)).toEqual(['lead', 'second', 'invited']);
	expect(await listedIds(apiOf(dataset))).toHaveLength(3);
});

it('businesses: 4 lists a fourth business the user owns, reachable with its own records', async () => {
	const dataset = buildDataset({ scale: 40, businesses: 4 });
	const get = apiOf(dataset);
	const fourth = dataset.businesses[3];
	expect(fourth).toMatchObject({ key: 'branch-4', owned: true, lead: false, country: 'gb' });
	expect(dataset.businesses.slice(0, 3).map((business: { name: string }) => business.name)).not.toContain(fourth.name);
	expect(await listedIds(get)).toEqual(dataset.businesses.map((business: { id: string }) => business.id));

	const invoiceIds = new Set<string>();
	let read = 0;
	for (const business of dataset.businesses) {
		const reply = await get('/sales_invoices?items_per_page=200', business.id);
		expect(reply.status).toBe(200);
		expect(reply.json.$total).toBe(dataset.count(business.id, 'sales_invoices'));
		for (const invoice of reply.json.$items) invoiceIds.add(invoice.id);
		read += reply.json.$items.length;
	}
	// No record shared: every business's invoices have ids of their own.
	expect(invoiceIds.size).toBe(read);
	// A copy of the lead in its sizes, not in its records.
	expect(dataset.count(fourth.id, 'sales_invoices')).toBe(40);
	const amounts = async (business: string) =>
		(await get('/sales_invoices?items_per_page=40&attributes=total_amount', business)).json.$items.map(
			(invoice: { total_amount: number }) => invoice.total_amount,
		);
	expect(await amounts(fourth.id)).not.toEqual(await amounts(dataset.leadBusinessId));
});

it('scaleAllBusinesses gives every business `scale` sales invoices; the others keep their sizes', () => {
	const dataset = buildDataset({ scale: 40, businesses: 4, scaleAllBusinesses: true });
	const plain = buildDataset({ scale: 40 });
	for (const business of dataset.businesses) expect(dataset.count(business.id, 'sales_invoices')).toBe(40);
	const second = dataset.businesses[1].id;
	expect(dataset.count(second, 'contacts')).toBe(plain.count(plain.businesses[1].id, 'contacts'));
});

// Payments and entries follow the documents they settle or post.
it('smallLead gives the lead as many records as the second business, its sales invoices still `scale`, its own country and currency', () => {
	const small = buildDataset({ scale: 40, smallLead: true });
	const plain = buildDataset({ scale: 40 });
	const [lead, second] = small.businesses;
	const plainSecond = plain.businesses[1].id;
	expect(small.count(lead.id, 'sales_invoices')).toBe(40);
	for (const collection of ['contacts', 'purchase_invoices', 'other_payments', 'products'])
		expect([collection, small.count(lead.id, collection)]).toEqual([collection, plain.count(plainSecond, collection)]);
	expect(plain.count(plain.leadBusinessId, 'contacts')).toBeGreaterThan(small.count(lead.id, 'contacts'));
	expect([lead.country, lead.currency]).toEqual(['gb', 'GBP']);
	expect(small.count(second.id, 'contacts')).toBe(plain.count(plainSecond, 'contacts'));
});

it('refuses fewer than three businesses', () => {
	expect(() => buildDataset({ scale: 40, businesses: 2 })).toThrow(/businesses must be/);
});
