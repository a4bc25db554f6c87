// Conformance: business selection with X-Business, the business endpoints (owner-only PUT) and the user.
import { startApi, accessToken, header, ApiClient } from '../token-helper';

let api: ApiClient;
let readonly: ReturnType<ApiClient['as']>;
beforeAll(async () => {
	api = await startApi();
	const urls = await api.sandbox.start();
	readonly = api.as(await accessToken(api.sandbox, urls, 'readonly'));
});
afterAll(() => api.stop());

const owned = () => api.dataset.businesses.filter((b) => b.owned);
const invited = () => api.dataset.businesses.find((b) => !b.owned)!;

test('the user reaches at least three businesses in different countries, owns two or more, and was invited to one', () => {
	const all = api.dataset.businesses;
	expect(all.length).toBeGreaterThanOrEqual(3);
	expect(new Set(all.map((b) => b.country)).size).toBe(all.length);
	expect(owned().length).toBeGreaterThanOrEqual(2);
	expect(invited()).toBeDefined();
	expect(api.dataset.leadBusiness.id).toBe(owned()[0].id);
});

describe('X-Business', () => {
	test('absent: the lead business is used and named in the response header', async () => {
		const reply = await api.get('/sales_invoices');
		expect(header(reply, 'x-business')).toBe(api.dataset.leadBusiness.id);
		expect(reply.json.$total).toBe(api.dataset.count(api.dataset.leadBusiness.id, 'sales_invoices'));
	});

	test("names the business used, and the data is that business's", async () => {
		for (const business of api.dataset.businesses) {
			const reply = await api.get('/sales_invoices', { 'X-Business': business.id });
			expect(reply.status).toBe(200);
			expect(header(reply, 'x-business')).toBe(business.id);
			expect(reply.json.$total).toBe(api.dataset.count(business.id, 'sales_invoices'));
			const settings = await api.get('/financial_settings', { 'X-Business': business.id });
			expect(settings.json.base_currency.id).toBe(business.currency);
		}
	});

	test('an unknown business, or a record id that is no business, is refused with 403 naming X-Business', async () => {
		const invoiceId = (await api.get('/sales_invoices?items_per_page=1')).json.$items[0].id;
		for (const value of ['0123456789abcdef0123456789abcdef', invoiceId, 'lead']) {
			const reply = await api.get('/sales_invoices', { 'X-Business': value });
			expect(reply.status).toBe(403);
			expect(reply.json[0].$source).toBe('X-Business');
			expect(header(reply, 'x-business')).toBeUndefined();
		}
	});

	test('is echoed on errors that happen within a business', async () => {
		const business = owned()[1];
		const reply = await api.get('/sales_invoices/nothing', { 'X-Business': business.id });
		expect(reply.status).toBe(404);
		expect(header(reply, 'x-business')).toBe(business.id);
	});
});

describe('businesses', () => {
	test('GET /businesses lists every business the user can reach in the list envelope', async () => {
		const reply = await api.get('/businesses');
		expect(Object.keys(reply.json)).toEqual(['$total', '$page', '$next', '$back', '$itemsPerPage', '$items']);
		expect(reply.json.$total).toBe(api.dataset.businesses.length);
		expect(reply.json.$items.map((b: any) => b.id).sort()).toEqual(api.dataset.businesses.map((b) => b.id).sort());
		const paged = await api.get('/businesses?items_per_page=1&page=2');
		expect(paged.json.$items).toHaveLength(1);
		expect(paged.json.$next).toBe('/businesses?items_per_page=1&page=3');
	});

	test('GET /businesses/{id} gives the details, with the owner', async () => {
		for (const business of api.dataset.businesses) {
			const { json } = await api.get(`/businesses/${business.id}`);
			expect(json.id).toBe(business.id);
			expect(json.name).toBe(business.name);
			expect(json.country.id).toBe(business.country.toUpperCase());
			for (const field of [
				'address_line_1',
				'address_line_2',
				'city',
				'postal_code',
				'telephone',
				'mobile',
				'website',
				'created_at',
				'updated_at',
			]) {
				expect(json).toHaveProperty(field);
			}
			expect(json.owner.id === api.dataset.user.id).toBe(business.owned);
		}
		expect((await api.get('/businesses/0123456789abcdef0123456789abcdef')).status).toBe(404);
	});

	test('GET /businesses/lead is the business used without X-Business', async () => {
		const lead = await api.get('/businesses/lead');
		const used = header(await api.get('/tax_rates'), 'x-business');
		expect(lead.json.id).toBe(used);
		expect(lead.json).toEqual((await api.get(`/businesses/${used}`)).json);
	});

	test('PUT by the owner updates the attributes wrapped in "business" and bumps updated_at', async () => {
		const business = owned()[1];
		api.sandbox.clock.advance(120);
		const changes = { address_line_1: '7 Calle Nueva', mobile: '699 000 111', website: 'https://example.es/núñez' };
		const reply = await api.put(`/businesses/${business.id}`, { business: changes });
		expect(reply.status).toBe(200);
		expect(reply.json).toMatchObject(changes);
		const expectedStamp = new Date(Math.floor(api.sandbox.clock.now() / 1000) * 1000).toISOString().replace('.000', '');
		expect(Math.abs(Date.parse(reply.json.updated_at) - Date.parse(expectedStamp))).toBeLessThanOrEqual(1000);
		expect(reply.json.updated_at > reply.json.created_at).toBe(true);
		expect((await api.get(`/businesses/${business.id}`)).json).toEqual(reply.json);
	});

	test('PUT by someone who is not the owner is refused with 403 saying only the owner may', async () => {
		const reply = await api.put(`/businesses/${invited().id}`, { business: { mobile: '0600000000' } });
		expect(reply.status).toBe(403);
		expect(reply.json[0].$message).toMatch(/only the owner/i);
		expect((await api.get(`/businesses/${invited().id}`)).json.mobile).not.toBe('0600000000');
	});

	test.each([
		['attributes not wrapped', { mobile: '0700' }, 'business'],
		['a wrapper that is no object', { business: 'mobile=0700' }, 'business'],
		['an attribute that cannot change', { business: { is_demo: true } }, 'business.is_demo'],
		['a value that is no string', { business: { mobile: 700 } }, 'business.mobile'],
	])('PUT with %s is refused with 422', async (_, body, source) => {
		const reply = await api.put(`/businesses/${api.dataset.leadBusiness.id}`, body);
		expect(reply.status).toBe(422);
		expect(reply.json[0].$source).toBe(source);
	});

	test('a readonly token reads but may not PUT', async () => {
		expect((await readonly.get('/businesses')).status).toBe(200);
		const reply = await readonly.put(`/businesses/${api.dataset.leadBusiness.id}`, { business: { mobile: '0700' } });
		expect(reply.status).toBe(403);
		expect((await readonly.put('/user', { user: { last_name: 'X' } })).status).toBe(403);
	});
});

describe('user', () => {
	test('GET /user is the seeded user', async () => {
		const { json } = await api.get('/user');
		const user = api.dataset.user;
		expect(json).toMatchObject({
			id: user.id,
			first_name: user.first_name,
			last_name: user.last_name,
			email: user.email,
			locale: user.locale,
		});
		expect(json.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
	});

	test('PUT /user updates last_name wrapped in "user"', async () => {
		const before = (await api.get('/user')).json;
		api.sandbox.clock.advance(60);
		const reply = await api.put('/user', { user: { last_name: 'Ó Briain' } });
		expect(reply.status).toBe(200);
		expect(reply.json.last_name).toBe('Ó Briain');
		expect(reply.json.first_name).toBe(before.first_name);
		expect(reply.json.updated_at > before.updated_at).toBe(true);
		expect((await api.get('/user')).json.last_name).toBe('Ó Briain');
		expect((await api.put('/user', { last_name: 'X' })).status).toBe(422);
	});
});
