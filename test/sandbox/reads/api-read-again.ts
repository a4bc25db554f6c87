// Reading again what was read before: the sandbox keeps a read's answer until its business
// changes (sandbox/api/read-cache.js), so an answer read again must be what reading afresh gives,
// after every kind of change, and never shared with the caller who read it first.
import { buildDataset } from '../../../sandbox/data';
import { inProcessApi } from '../in-process';

const OPTIONS = { scale: 40 };
const LIST = '/contacts?attributes=name,email&items_per_page=5';

describe('reading again what was read before', () => {
	const dataset = buildDataset(OPTIONS);
	const api = inProcessApi(dataset);
	const freshly = async (path: string) => (await inProcessApi(buildDataset(OPTIONS)).get(path)).json;
	/** What the HTTP server sends for a GET: the answer's bytes, which it keeps for the next. */
	const sent = async (path: string, business?: string) => {
		const reply = await api.get(path, business);
		return reply.status === 200 ? JSON.parse(reply.payload!.toString('utf8')) : { status: reply.status };
	};

	it('answers what a fresh reading answers, as an object the caller owns', async () => {
		const first = await api.get(LIST);
		expect(first.payload!.length).toBeGreaterThan(0);
		first.json.$items[0].name = 'changed by the caller';
		const again = await api.get(LIST);
		again.json.$items[1].name = 'changed by the caller';
		expect(await sent(LIST)).toEqual(await freshly(LIST));
		expect((await api.get(LIST)).json).toEqual(await freshly(LIST));
		const id = again.json.$items[1].id;
		expect(await sent(`/contacts/${id}`)).toEqual(await freshly(`/contacts/${id}`));
		(await api.get(`/contacts/${id}`)).json.email = 'changed@example.test';
		expect(await sent(`/contacts/${id}`)).toEqual(await freshly(`/contacts/${id}`));
	});

	it('answers the change after a test hook updates, deletes or creates a record', async () => {
		const [first, second] = (await sent(LIST)).$items;
		await sent(`/contacts/${first.id}?attributes=email`);
		await sent(`/contacts/${second.id}`);
		dataset.updateRecord(dataset.leadBusinessId, 'contacts', first.id, { email: 'updated@example.test' });
		expect((await sent(`/contacts/${first.id}?attributes=email`)).email).toBe('updated@example.test');
		expect((await sent(LIST)).$items[0].email).toBe('updated@example.test');

		dataset.deleteRecord(dataset.leadBusinessId, 'contacts', second.id);
		expect((await sent(LIST)).$items.map((contact: { id: string }) => contact.id)).not.toContain(second.id);
		expect(await sent(`/contacts/${second.id}`)).toEqual({ status: 404 });

		const total = (await sent(LIST)).$total;
		dataset.createRecord(dataset.leadBusinessId, 'contacts');
		expect((await sent(LIST)).$total).toBe(total + 1);
	});

	it('answers the change after a write through the API', async () => {
		const [contact] = (await sent(LIST)).$items;
		await sent(`/contacts/${contact.id}?attributes=name`);
		expect(
			(await api.call('PUT', `/contacts/${contact.id}`, undefined, { contact: { name: 'Renamed Ltd' } })).status,
		).toBe(200);
		expect((await sent(LIST)).$items[0].name).toBe('Renamed Ltd');
		expect((await sent(`/contacts/${contact.id}?attributes=name`)).name).toBe('Renamed Ltd');
	});

	it("another business's change leaves this business's answers as they were, and the other's are its own", async () => {
		const [second] = dataset.businesses.filter((business) => !business.lead);
		const before = await sent(LIST);
		const [theirs] = (await sent(LIST, second.id)).$items;
		dataset.updateRecord(second.id, 'contacts', theirs.id, { name: 'Changed Elsewhere' });
		expect(await sent(LIST)).toEqual(before);
		expect((await sent(LIST, second.id)).$items[0].name).toBe('Changed Elsewhere');
	});
});
