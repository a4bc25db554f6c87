// What an "upsert" (find, then create or update) relies on, over HTTP with real tokens: finding a
// contact by the start of its reference and by a contact person's e-mail address, an item by the
// start of its item code; duplicates of a contact reference or an item code refused (POST and PUT,
// nothing written); and idempotent PUT (a repeat answers the first answer without applying it
// again; the same idempotency_id on another resource is refused).
import { createHash } from 'node:crypto';
import { request } from 'undici';
import { createSandbox } from '../../../sandbox';
import { createValidator } from '../../../sandbox/openapi/validator';
import { recordDefinition } from '../../../openapi/collections';
import { accessToken } from '../token-helper';
import { bodies } from '../write-bodies';

type Sandbox = ReturnType<typeof createSandbox>;
interface Reply {
	status: number;
	json: any;
}

let sandbox: Sandbox;
let urls: Awaited<ReturnType<Sandbox['start']>>;
let token: string;
const validate = createValidator({ strict: true });

beforeAll(async () => {
	sandbox = createSandbox({ port: 0 });
	urls = await sandbox.start();
	token = await accessToken(sandbox, urls, 'full_access');
});
afterAll(() => sandbox.stop());

async function call(method: string, path: string, body?: unknown): Promise<Reply> {
	const response = await request(urls.baseUrl + path, {
		method: method as 'GET',
		headers: {
			authorization: `Bearer ${token}`,
			accept: 'application/json',
			...(body === undefined ? {} : { 'content-type': 'application/json' }),
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.body.text();
	return { status: response.statusCode, json: text ? JSON.parse(text) : undefined };
}
const get = (path: string) => call('GET', path);
const post = (path: string, body: unknown) => call('POST', path, body);
const put = (path: string, body: unknown) => call('PUT', path, body);
const del = (path: string) => call('DELETE', path);

const lead = () => sandbox.dataset.leadBusinessId;
const count = (name: string) => sandbox.dataset.count(lead(), name);
const bodyFor = bodies(
	(path) => get(path),
	(path, body) => post(path, body),
);
const guid = (seed: string) => createHash('md5').update(seed).digest('hex');
const ids = (reply: Reply) => reply.json.$items.map((item: any) => item.id);

/** The service's 422 body, one entry naming `source` with `dataCode`. */
function expectRefused(reply: Reply, source: string, dataCode = 'RecordInvalid') {
	expect(reply.status).toBe(422);
	expect(reply.json).toEqual([
		{ $severity: 'error', $dataCode: dataCode, $message: expect.any(String), $source: source },
	]);
}

let probeNumber = 0;
/** A new customer with the given reference and main contact person e-mail. */
async function newContact(reference: string, email: string | null = null) {
	probeNumber += 1;
	const reply = await post('/contacts', {
		contact: {
			name: `Upsert Probe ${probeNumber} Ltd`,
			contact_type_ids: ['CUSTOMER'],
			reference,
			main_contact_person: { name: `Probe Person ${probeNumber}`, email },
		},
	});
	expect(reply.status).toBe(201);
	return reply.json;
}

const ITEMS = [
	['products', 'product'],
	['services', 'service'],
	['stock_items', 'stock_item'],
] as const;

describe('finding a contact or an item as the service documents it', () => {
	test('contacts search name and reference only (the OpenAPI: "contact name, company name or reference")', () => {
		const contacts = sandbox.dataset.collections.find((c) => c.name === 'contacts')!;
		expect(contacts.searchFields).toEqual(['name', 'reference']);
		for (const [name] of ITEMS)
			expect(sandbox.dataset.collections.find((c) => c.name === name)!.searchFields).toEqual([
				'item_code',
				'description',
			]);
	});

	test('a contact is found by the start of its reference, in any case; not by a fragment inside it', async () => {
		const contact = await newContact('QZWX4471');
		for (const term of ['QZWX', 'qzwx44', 'QzWx4471'])
			expect(ids(await get(`/contacts?search=${term}`))).toEqual([contact.id]);
		expect(ids(await get('/contacts?search=ZWX4'))).toEqual([]);
		// A seeded contact, too.
		const seeded = (await get('/contacts?items_per_page=1&attributes=reference')).json.$items[0];
		const found = await get(`/contacts?items_per_page=200&search=${seeded.reference.slice(0, 5)}`);
		expect(ids(found)).toContain(seeded.id);
	});

	test('email finds the contact whose contact person has that address: whole, case ignored', async () => {
		const contact = await newContact('MAILPROBE1', 'Jo.Upsert@Probe-Mail.example');
		for (const email of [
			'jo.upsert@probe-mail.example',
			'JO.UPSERT@PROBE-MAIL.EXAMPLE',
			' Jo.Upsert@Probe-Mail.example ',
		])
			expect(ids(await get(`/contacts?email=${encodeURIComponent(email)}`))).toEqual([contact.id]);
		for (const part of ['jo.upsert', 'probe-mail.example', 'jo.upsert@probe-mail'])
			expect(ids(await get(`/contacts?email=${encodeURIComponent(part)}`))).toEqual([]);
		// E-mail addresses are not searched.
		expect(ids(await get('/contacts?search=jo%20upsert'))).toEqual([]);
	});

	test("email also matches a further contact person's address, and a seeded contact's", async () => {
		const contact = await newContact('MAILPROBE2', 'main.person@probe.example');
		const person = await post('/contact_persons', {
			contact_person: {
				address_id: contact.main_address.id,
				name: 'Second Probe',
				contact_person_type_ids: ['ACCOUNTS'],
				email: 'second.person@probe.example',
			},
		});
		expect(person.status).toBe(201);
		expect(ids(await get('/contacts?email=second.person%40probe.example'))).toEqual([contact.id]);
		expect(ids(await get('/contacts?email=main.person%40probe.example'))).toEqual([contact.id]);

		const seeded = (await get('/contacts?items_per_page=1&attributes=email')).json.$items[0];
		expect(ids(await get(`/contacts?items_per_page=200&email=${encodeURIComponent(seeded.email)}`))).toContain(
			seeded.id,
		);
	});

	test.each(ITEMS)('%s are found by the start of their item_code', async (collection, wrapper) => {
		const body = await bodyFor(collection, lead());
		body[wrapper].item_code = `QZV${collection.length}81`;
		const created = await post(`/${collection}`, body);
		expect(created.status).toBe(201);
		expect(ids(await get(`/${collection}?search=qzv${collection.length}`))).toEqual([created.json.id]);
		expect(ids(await get(`/${collection}?search=ZV${collection.length}`))).toEqual([]);

		const seeded = (await get(`/${collection}?items_per_page=1&attributes=item_code`)).json.$items[0];
		const firstWord = seeded.item_code.split(/[^A-Za-z0-9]+/)[0];
		const found = await get(`/${collection}?items_per_page=200&search=${firstWord.slice(0, 2).toLowerCase()}`);
		expect(ids(found)).toContain(seeded.id);
	});
});

describe('duplicate references and item codes are refused, nothing written', () => {
	test('a contact reference another live contact has (case ignored): POST and PUT refused', async () => {
		const first = await newContact('DUPREF01');
		const second = await newContact('DUPREF02');
		const before = count('contacts');
		const dup = await post('/contacts', {
			contact: { name: 'Dup Ltd', contact_type_ids: ['VENDOR'], reference: 'dupref01' },
		});
		expectRefused(dup, 'reference');
		expect(count('contacts')).toBe(before);

		expectRefused(await put(`/contacts/${second.id}`, { contact: { reference: 'DUPREF01', notes: 'x' } }), 'reference');
		const unchanged = (await get(`/contacts/${second.id}`)).json;
		expect(unchanged.reference).toBe('DUPREF02');
		expect(unchanged.notes).toBe(second.notes);
		expect(unchanged.updated_at).toBe(second.updated_at);

		// Its own reference is no clash; a deleted contact's reference is free again.
		expect((await put(`/contacts/${first.id}`, { contact: { reference: 'DUPREF01' } })).status).toBe(200);
		expect((await del(`/contacts/${first.id}`)).status).toBe(204);
		expect((await put(`/contacts/${second.id}`, { contact: { reference: 'DUPREF01' } })).status).toBe(200);
	});

	test.each(ITEMS)(
		'%s: an item_code another live item has (case ignored): POST and PUT refused',
		async (collection, wrapper) => {
			const one = await bodyFor(collection, lead());
			one[wrapper].item_code = `DUP-${wrapper}-1`;
			const first = (await post(`/${collection}`, one)).json;
			const two = await bodyFor(collection, lead());
			two[wrapper].item_code = `DUP-${wrapper}-2`;
			const second = (await post(`/${collection}`, two)).json;
			const before = count(collection);

			const again = await bodyFor(collection, lead());
			again[wrapper].item_code = `dup-${wrapper}-1`;
			expectRefused(await post(`/${collection}`, again), 'item_code');
			expect(count(collection)).toBe(before);

			expectRefused(
				await put(`/${collection}/${second.id}`, { [wrapper]: { item_code: `DUP-${wrapper}-1` } }),
				'item_code',
			);
			const unchanged = (await get(`/${collection}/${second.id}`)).json;
			expect(unchanged.item_code).toBe(`DUP-${wrapper}-2`);
			expect(unchanged.updated_at).toBe(second.updated_at);

			expect((await put(`/${collection}/${first.id}`, { [wrapper]: { item_code: `DUP-${wrapper}-1` } })).status).toBe(
				200,
			);
			expect((await del(`/${collection}/${first.id}`)).status).toBe(204);
			expect((await post(`/${collection}`, again)).status).toBe(201);
		},
	);
});

describe('idempotent PUT', () => {
	test('a repeat within 7 days answers the first answer and is not applied again', async () => {
		const contact = await newContact('IDEMPUT01');
		const key = guid('put-repeat');
		const first = await put(`/contacts/${contact.id}`, { contact: { idempotency_id: key, notes: 'first' } });
		expect(first.status).toBe(200);
		expect(first.json.notes).toBe('first');
		expect(validate(recordDefinition('contacts')!, first.json)).toEqual([]);

		sandbox.clock.advance(5);
		expect((await put(`/contacts/${contact.id}`, { contact: { notes: 'second' } })).json.notes).toBe('second');
		const changed = (await get(`/contacts/${contact.id}`)).json;

		sandbox.clock.advance(5);
		// Whatever the repeat carries, the first answer comes back and the record stays as it is.
		const repeat = await put(`/contacts/${contact.id}`, { contact: { idempotency_id: key, notes: 'third' } });
		expect(repeat).toEqual(first);
		expect((await get(`/contacts/${contact.id}`)).json).toEqual(changed);
	});

	test('after 7 days the same idempotency_id is applied again', async () => {
		const contact = await newContact('IDEMPUT02');
		const key = guid('put-expiry');
		await put(`/contacts/${contact.id}`, { contact: { idempotency_id: key, notes: 'first' } });
		await put(`/contacts/${contact.id}`, { contact: { notes: 'between' } });
		sandbox.clock.advance(7 * 24 * 3600);
		token = await accessToken(sandbox, urls, 'full_access');
		const again = await put(`/contacts/${contact.id}`, { contact: { idempotency_id: key, notes: 'first' } });
		expect(again.status).toBe(200);
		expect((await get(`/contacts/${contact.id}`)).json.notes).toBe('first');
		expect(again.json.updated_at).not.toBe(contact.updated_at);
	});

	test('the same idempotency_id on another record, another collection or a POST is refused: IdempotencyResourceMismatch', async () => {
		const contact = await newContact('IDEMPUT03');
		const other = await newContact('IDEMPUT04');
		const key = guid('put-mismatch');
		expect((await put(`/contacts/${contact.id}`, { contact: { idempotency_id: key, notes: 'one' } })).status).toBe(200);

		expectRefused(
			await put(`/contacts/${other.id}`, { contact: { idempotency_id: key, notes: 'two' } }),
			'idempotency_id',
			'IdempotencyResourceMismatch',
		);
		expect((await get(`/contacts/${other.id}`)).json.notes).toBe(other.notes);

		const product = (await get('/products?items_per_page=1')).json.$items[0];
		const productBefore = (await get(`/products/${product.id}`)).json;
		expectRefused(
			await put(`/products/${product.id}`, { product: { idempotency_id: key, notes: 'two' } }),
			'idempotency_id',
			'IdempotencyResourceMismatch',
		);
		expect((await get(`/products/${product.id}`)).json).toEqual(productBefore);

		const before = count('contacts');
		const body = await bodyFor('contacts', lead());
		body.contact.idempotency_id = key;
		expectRefused(await post('/contacts', body), 'idempotency_id', 'IdempotencyResourceMismatch');
		expect(count('contacts')).toBe(before);
	});

	test('an idempotency_id used by a POST is refused on another collection', async () => {
		const key = guid('post-mismatch');
		const service = await bodyFor('services', lead());
		service.service.idempotency_id = key;
		expect((await post('/services', service)).status).toBe(201);
		const before = count('products');
		const product = await bodyFor('products', lead());
		product.product.idempotency_id = key;
		expectRefused(await post('/products', product), 'idempotency_id', 'IdempotencyResourceMismatch');
		expect(count('products')).toBe(before);
	});

	test('on PUT, an idempotency_id that is no 32-digit hex GUID is refused and nothing is written', async () => {
		const contact = await newContact('IDEMPUT05');
		const reply = await put(`/contacts/${contact.id}`, { contact: { idempotency_id: 'not-a-guid', notes: 'x' } });
		expectRefused(reply, 'idempotency_id');
		expect((await get(`/contacts/${contact.id}`)).json.updated_at).toBe(contact.updated_at);
	});
});
