// An update keeps its record's id. A seeded contact person who is not the contact's main person
// takes the id of a part of its contact (contact, sub), and sandbox/data/kinds/contact-details.js
// derives the id from the row's contact at every read: moved to another contact's address by
// PUT /contact_persons/{id} (address_id), the person answered under another id, that of a person of
// the other contact, and once the lookup is rebuilt (any person created) the id the client held is
// not found at all.
import { buildDataset } from '../../../sandbox/data';
import { inProcessApi } from '../in-process';

describe('a contact person moved to another contact’s address', () => {
	it('keeps its id, and that id keeps naming it after other people are created', async () => {
		const dataset = buildDataset({ scale: 40 });
		const api = inProcessApi(dataset);
		const people = await api.all('/contact_persons?attributes=address,is_main_contact,name');
		const person = people.find((candidate) => candidate.is_main_contact === false);
		const addresses = await api.all('/addresses?attributes=contact');
		const own = addresses.find((address) => address.id === person.address.id);
		const elsewhere = addresses.find((address) => address.contact.id !== own.contact.id);

		const moved = await api.call('PUT', `/contact_persons/${person.id}`, undefined, {
			contact_person: { address_id: elsewhere.id },
		});
		expect(moved.status).toBe(200);
		expect(moved.json.id).toBe(person.id);

		const created = await api.call('POST', '/contact_persons', undefined, {
			contact_person: { address_id: elsewhere.id, name: 'Another Person', contact_person_type_ids: ['ACCOUNTS'] },
		});
		expect(created.status).toBe(201);
		const again = await api.get(`/contact_persons/${person.id}?attributes=name,address`);
		expect([again.status, again.json?.name, again.json?.address?.id]).toEqual([200, person.name, elsewhere.id]);
	});
});
