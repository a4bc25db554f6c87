// A transaction whose record was deleted through the API: the OpenAPI's Transaction has `deleted`
// ("Indicates whether the transaction has been deleted") and `updated_at`. Once DELETE has taken
// every ledger entry of the transaction out of the books (deleted_at set, no longer in balances),
// GET /transactions/{id} must not go on answering it as a live transaction unchanged since it was
// booked: a client reading /transactions (a trigger on updated_or_created_since, a report tying
// transactions to the ledger) would count a transaction the books no longer hold.
import { buildDataset } from '../../../sandbox/data';
import { inProcessApi } from '../in-process';

describe('a transaction whose journal was deleted', () => {
	it('is answered as deleted, with its updated_at moved, once its ledger entries are deleted', async () => {
		const dataset = buildDataset({ scale: 40 });
		const api = inProcessApi(dataset);
		const [journal] = (await api.get('/journals?attributes=transaction&items_per_page=1')).json.$items;
		const transactionId: string = journal.transaction.id;
		const before = (await api.get(`/transactions/${transactionId}`)).json;
		expect(before.deleted).toBe(false);
		const entriesOf = async () =>
			(await api.all('/ledger_entries?attributes=transaction')).filter(
				(entry) => entry.transaction?.id === transactionId,
			);
		expect((await entriesOf()).length).toBeGreaterThan(0);

		dataset.clock.advance(60);
		expect((await api.call('DELETE', `/journals/${journal.id}`)).status).toBe(204);

		// The books: no entry of the transaction is live any more.
		expect(await entriesOf()).toEqual([]);

		// The transaction: gone (404), or shown deleted and changed since; not as it was before.
		const after = await api.get(`/transactions/${transactionId}`);
		const shown =
			after.status === 200
				? { deleted: after.json.deleted, updatedLater: after.json.updated_at > before.updated_at }
				: { status: after.status };
		expect([{ status: 404 }, { deleted: true, updatedLater: true }]).toContainEqual(shown);
	});
});
