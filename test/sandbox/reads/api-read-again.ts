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

	it('answers what a fresh reading answers, as an object the caller owns', async () => {
		const first = await api.get(LIST);
		first.json.$items[0].name = 'changed by the caller';
		const again = await api.get(LIST);
		expect(again.json).toEqual(await freshly(LIST));
		const id = again.json.$items[1].id;
		const item = await api.get(`/contacts/${id}`);
		item.json.email = 'changed@example.test';
		expect((await api.get(`/contacts/${id}`)).json).toEqual(await freshly(`/contacts/${id}`));
	});

	it('answers the change after a test hook updates, deletes or creates a record', async () => {
		const [first, second] = (await api.get(LIST)).json.$items;
		dataset.updateRecord(dataset.leadBusinessId, 'contacts', first.id, { email: 'updated@example.test' });
		expect((await api.get(`/contacts/${first.id}?attributes=email`)).json.email).toBe('updated@example.test');
		expect((await api.get(LIST)).json.$items[0].email).toBe('updated@example.test');

		dataset.deleteRecord(dataset.leadBusinessId, 'contacts', second.id);
		expect((await api.get(LIST)).json.$items.map((contact: { id: string }) => contact.id)).not.toContain(second.id);
		expect((await api.get(`/contacts/${second.id}`)).status).toBe(404);

		const total = (await api.get(LIST)).json.$total;
		dataset.createRecord(dataset.leadBusinessId, 'contacts');
		expect((await api.get(LIST)).json.$total).toBe(total + 1);
	});

	it('answers the change after a write through the API', async () => {
		const [contact] = (await api.get(LIST)).json.$items;
		expect(
			(await api.call('PUT', `/contacts/${contact.id}`, undefined, { contact: { name: 'Renamed Ltd' } })).status,
		).toBe(200);
		expect((await api.get(LIST)).json.$items[0].name).toBe('Renamed Ltd');
		expect((await api.get(`/contacts/${contact.id}?attributes=name`)).json.name).toBe('Renamed Ltd');
	});

	it("another business's change leaves this business's answers as they were, and the other's are its own", async () => {
		const [second] = dataset.businesses.filter((business) => !business.lead);
		const before = (await api.get(LIST)).json;
		const [theirs] = (await api.get(LIST, second.id)).json.$items;
		dataset.updateRecord(second.id, 'contacts', theirs.id, { name: 'Changed Elsewhere' });
		expect((await api.get(LIST)).json).toEqual(before);
		expect((await api.get(LIST, second.id)).json.$items[0].name).toBe('Changed Elsewhere');
	});
});
