// An open invoice given another customer by PUT: /unallocated_artefacts lists the invoice itself
// (its id, its link), so `contact_id` must find it under the customer it now has. The artefact's row
// keeps the contact it was listed with (sandbox/api/writes/books.js syncOpen only turns it on and
// off), so the open item stays with the old customer and the new one's open items miss it.
import { buildDataset } from '../../../sandbox/data';
import { inProcessApi } from '../in-process';

describe('an open invoice moved to another customer', () => {
	it('is listed among the open items of the customer it now has, not of the one it had', async () => {
		const dataset = buildDataset({ scale: 40 });
		const api = inProcessApi(dataset);
		const [invoice] = (await api.get('/sales_invoices?status_id=UNPAID&attributes=contact&items_per_page=1')).json
			.$items;
		const customers = await api.all('/contacts?contact_type_id=CUSTOMER');
		const other = customers.find((customer) => customer.id !== invoice.contact.id);
		const openOf = async (contactId: string) =>
			(await api.all(`/unallocated_artefacts?contact_id=${contactId}`)).some((item) => item.id === invoice.id);
		expect(await openOf(invoice.contact.id)).toBe(true);

		const moved = await api.call('PUT', `/sales_invoices/${invoice.id}`, undefined, {
			sales_invoice: { contact_id: other.id },
		});
		expect([moved.status, moved.json.contact.id]).toEqual([200, other.id]);

		expect({ underNew: await openOf(other.id), underOld: await openOf(invoice.contact.id) }).toEqual({
			underNew: true,
			underOld: false,
		});
	});
});
