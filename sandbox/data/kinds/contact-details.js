'use strict';

const { stamps, address, formatInstant } = require('./common');
const { codeRef, lookup } = require('./books');
const { CUSTOMER } = require('./contacts');

/**
 * Addresses and contact persons: the parts of a contact that the service also lists on their own.
 *
 * A contact record already shows its main address, its delivery address (customers) and its main
 * contact person, each with an id (a sub-id of the contact). These collections list exactly those,
 * under the same ids and with the same fields, plus a second person for some contacts. They follow
 * their contact: created and updated with it, soft-deleted with it.
 *
 * Sub-ids of a contact: 1 main address, 2 delivery address, 3 main contact person, 4 second person.
 */

const MAIN_ADDRESS = 1;
const DELIVERY_ADDRESS = 2;
const MAIN_PERSON = 3;
const SECOND_PERSON = 4;

/** The contact's record as /contacts shows it (fields set through the test hooks included). */
function contactRecord(ctx, index) {
	const { BY_NAME } = require('../collections');
	const { renderRow } = require('../stored');
	return renderRow(ctx, BY_NAME.get('contacts'), ctx.rows('contacts')[index], index);
}

const follow = (contact) => ({ created: contact.created, updated: contact.updated, deleted: contact.deleted });

/**
 * The contact whose sub-id names a seeded address or person: the one it was seeded under
 * (`idContact`, kept when an update moves it to another contact), so its id never changes.
 */
const idContactOf = (row) => row.idContact ?? row.contact;
const partKey = (row) => idContactOf(row) * 8 + row.sub;

/** A contact's sub-id decoded back to a row of this collection, or -1. */
const bySubId = (name) => (ctx, id) => {
	const d = ctx.decode(id);
	if (!d || d.space !== 'contacts') return -1;
	return lookup(ctx.rows(name), partKey).get(d.index * 8 + d.sub) ?? -1;
};

const addresses = {
	seed(ctx) {
		const rows = [];
		ctx.rows('contacts').forEach((contact, i) => {
			rows.push({ contact: i, sub: MAIN_ADDRESS, bank: -1, ...follow(contact) });
			if (contact.types & CUSTOMER) rows.push({ contact: i, sub: DELIVERY_ADDRESS, bank: -1, ...follow(contact) });
		});
		return rows;
	},
	idOf: (ctx, index) => {
		const row = ctx.rows('addresses')[index];
		return ctx.subId('contacts', idContactOf(row), row.sub);
	},
	findId: bySubId('addresses'),
	displayedAs: (row, ctx) => address(ctx, ctx.rows('contacts')[row.contact].at, { id: 'x' }).displayed_as,
	render(row, ctx) {
		const contact = contactRecord(ctx, row.contact);
		const shown = row.sub === MAIN_ADDRESS ? contact.main_address : contact.delivery_address;
		// The contact's own copy, minus the summary fields the list puts first.
		const {
			id,
			displayed_as: label,
			...fields
		} = shown ?? address(ctx, ctx.rows('contacts')[row.contact].at, { id: 'x' });
		return {
			...fields,
			deleted_at: formatInstant(row.deleted),
			...stamps(row),
			bank_account: null,
			contact: ctx.ref('contacts', row.contact),
			name: null,
		};
	},
};

const contactPersons = {
	seed(ctx) {
		const rng = ctx.rng('contact_persons');
		const rows = [];
		const addressOf = (contact, sub) => lookup(ctx.rows('addresses'), partKey).get(contact * 8 + sub);
		ctx.rows('contacts').forEach((contact, i) => {
			const customer = (contact.types & CUSTOMER) !== 0;
			rows.push({ contact: i, sub: MAIN_PERSON, address: addressOf(i, MAIN_ADDRESS), ...follow(contact) });
			if (!rng.chance(0.25)) return;
			// A buyer or sales contact, met at the delivery address of a customer.
			const first = rng.pick(ctx.L.firstNames);
			const last = rng.pick(ctx.L.surnames);
			rows.push({
				contact: i,
				sub: SECOND_PERSON,
				address: addressOf(i, customer ? DELIVERY_ADDRESS : MAIN_ADDRESS),
				...follow(contact),
				name: `${first} ${last}`,
				type: customer ? 'PURCHASING' : 'SALES',
				mobile: ctx.L.phone(rng),
				email: `${first}.${last}`
					.normalize('NFD')
					.replace(/[\u0300-\u036f]/g, '')
					.toLowerCase()
					.replace(/[^a-z.]+/g, ''),
			});
		});
		return rows;
	},
	idOf: (ctx, index) => {
		const row = ctx.rows('contact_persons')[index];
		return ctx.subId('contacts', idContactOf(row), row.sub);
	},
	findId: bySubId('contact_persons'),
	displayedAs: (row, ctx) => {
		if (row.name) return row.name;
		const [first, last] = ctx.rows('contacts')[row.contact].person;
		return `${first} ${last}`;
	},
	render(row, ctx) {
		let person;
		if (row.sub === MAIN_PERSON) {
			const { id, displayed_as: label, ...fields } = contactRecord(ctx, row.contact).main_contact_person;
			person = fields;
		} else {
			const domain = ctx.rows('contacts')[row.contact].email.split('@')[1];
			const buyer = row.type === 'PURCHASING';
			person = {
				contact_person_types: [codeRef(ctx, 'contact_person_types', row.type, buyer ? 'Purchasing' : 'Sales')],
				name: row.name,
				job_title: buyer ? 'Buyer' : 'Sales Manager',
				telephone: null,
				mobile: row.mobile,
				email: `${row.email}@${domain}`.slice(0, 100),
				fax: null,
				is_main_contact: false,
				is_preferred_contact: false,
			};
		}
		return {
			...stamps(row),
			deleted_at: formatInstant(row.deleted),
			...person,
			address: ctx.ref('addresses', row.address),
		};
	},
};

module.exports = {
	idContactOf,
	addresses,
	contactPersons,
	contactRecord,
};
