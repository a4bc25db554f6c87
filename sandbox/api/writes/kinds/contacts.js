'use strict';

const { asciiLetters } = require('../../../data/words');
const { COUNTRY_GROUPS } = require('../../../data/code-lists');
const { CUSTOMER, VENDOR } = require('../../../data/kinds/contacts');
const { idContactOf } = require('../../../data/kinds/contact-details');
const { cents } = require('../books');
const { codeKey, codeTaken } = require('../unique-codes');

/**
 * Contacts, their addresses and contact persons.
 *
 * A new contact gets, as in the service, a main address and a main contact person of its own:
 * rows of /addresses and /contact_persons under the contact's sub-ids, rendered from the contact
 * like the seeded ones (kinds/contact-details.js), so the contact and the lists always agree.
 * Customers also get their delivery address. References are unique among live contacts, case
 * ignored (unique-codes.js; at most 10 characters; made from the name when none is sent).
 */

const TYPE_BITS = { CUSTOMER, VENDOR };
const MAIN_ADDRESS = 1;
const DELIVERY_ADDRESS = 2;
const MAIN_PERSON = 3;

/** An address's label, as seeded addresses show it. */
const addressLabel = (a) => [a.address_line_1, a.city, a.postal_code].filter(Boolean).join('\n');

/** The fields of a contact's address and person, in the order seeded contacts show them. */
const ADDRESS_FIELDS = [
	'address_line_1',
	'address_line_2',
	'city',
	'postal_code',
	'region',
	'country',
	'country_group',
	'address_type',
];
const PERSON_FIELDS = [
	'contact_person_types',
	'name',
	'job_title',
	'telephone',
	'mobile',
	'email',
	'fax',
	'is_main_contact',
	'is_preferred_contact',
];
const ordered = (fields, value) => Object.fromEntries(fields.map((key) => [key, value[key] ?? null]));

/** The business's country (and its group) where an address names none. */
function withCountry(ctx, address) {
	if (!address.country) address.country = ctx.ref('countries', ctx.countryIndex);
	if (address.country_group === null || address.country_group === undefined) {
		const group = Object.keys(COUNTRY_GROUPS).find((code) => COUNTRY_GROUPS[code].members.includes(address.country.id));
		address.country_group = group ? ctx.refCode('country_groups', group) : null;
	}
	return address;
}

/** A contact's reference as its record shows it (a test hook may have set it). */
const referenceOf = (row) => row.extra?.reference ?? row.ref;

/** A reference made from the name, as the seeded contacts have: letters and a number, 10 characters at most. */
function referenceFor(ctx, name) {
	const letters = asciiLetters(name).toUpperCase() || 'CONTACT';
	const taken = new Set(ctx.rows('contacts').map((row) => codeKey(referenceOf(row))));
	for (let n = ctx.rows('contacts').length + 1; ; n++) {
		const number = String(n).padStart(3, '0');
		const ref = `${letters.slice(0, 10 - number.length)}${number}`;
		if (!taken.has(codeKey(ref))) return ref;
	}
}

const contacts = {
	build(w, record) {
		const { ctx, input, problems } = w;
		const old = w.row;
		const index = w.index;
		const types = input.contact_type_ids
			? input.contact_type_ids.reduce((bits, code) => bits | (TYPE_BITS[code] ?? 0), 0)
			: (old?.types ?? 0);
		if (input.contact_type_ids && input.contact_type_ids.length === 0)
			problems.add('contact_type_ids', 'contact_type_ids must name CUSTOMER, VENDOR or both');
		const ref =
			typeof input.reference === 'string' ? input.reference : (old?.ref ?? referenceFor(ctx, record.name ?? ''));
		// Checked when a reference is set, so a PUT leaving it alone is not refused over it.
		const setsReference = !old || typeof input.reference === 'string';
		if (setsReference && codeTaken(ctx.rows('contacts'), w.rowIndex, referenceOf, ref)) {
			problems.add('reference', `reference "${ref}" is already used by another contact`);
		}
		if (input.currency_id && input.currency_id !== ctx.biz.currency)
			problems.add(
				'currency_id',
				`currency_id must be ${ctx.biz.currency}: multi-currency is not enabled for this business`,
			);
		if (problems.size) return;
		const customer = (types & CUSTOMER) !== 0;
		record.reference = ref;
		record.currency = ctx.refCode('currencies', ctx.biz.currency);
		record.contact_types = Object.entries(TYPE_BITS)
			.filter(([, bit]) => types & bit)
			.map(([code]) => ctx.refCode('contact_types', code));
		if (!old) {
			if (!record.default_sales_ledger_account && customer)
				record.default_sales_ledger_account = ctx.ref('ledger_accounts', ctx.chart.byRole('sales_goods'));
			if (!record.default_purchase_ledger_account && types & VENDOR)
				record.default_purchase_ledger_account = ctx.ref('ledger_accounts', ctx.chart.byRole('purchases'));
			if (record.credit_days === null || record.credit_days === 0) record.credit_days = input.credit_days ?? 30;
			if (!record.credit_terms) record.credit_terms = customer ? 'date_from_invoice' : 'date_from_payment';
			if (!record.locale) record.locale = ctx.L.locale.slice(0, 2);
			if (record.credit_limit === null) record.credit_limit = 0;
			for (const key of ['system', 'gdpr_obfuscated']) if (record[key] === null) record[key] = false;
		}
		// The sub-records: main address (always), delivery address (customers), main contact person (always).
		const main = withCountry(ctx, ordered(ADDRESS_FIELDS, record.main_address ?? {}));
		main.address_type ??= ctx.refCode('address_types', 'ACCOUNTS');
		record.main_address = {
			id: ctx.subId('contacts', index, MAIN_ADDRESS),
			displayed_as: addressLabel(main),
			...main,
			is_main_address: true,
		};
		if (record.delivery_address || (customer && !old)) {
			const delivery = withCountry(ctx, ordered(ADDRESS_FIELDS, record.delivery_address ?? main));
			if (!input.delivery_address?.address_type_id) delivery.address_type = ctx.refCode('address_types', 'DELIVERY');
			record.delivery_address = {
				id: ctx.subId('contacts', index, DELIVERY_ADDRESS),
				displayed_as: addressLabel(delivery),
				...delivery,
				is_main_address: false,
			};
		}
		const person = ordered(PERSON_FIELDS, record.main_contact_person ?? {});
		if (!person.name) person.name = record.name;
		if (!person.contact_person_types?.length)
			person.contact_person_types = [ctx.refCode('contact_person_types', 'ACCOUNTS')];
		for (const key of ['is_main_contact', 'is_preferred_contact']) person[key] ??= true;
		record.main_contact_person = {
			id: ctx.subId('contacts', index, MAIN_PERSON),
			displayed_as: person.name,
			...person,
		};
		if (!record.bank_account_details)
			record.bank_account_details = {
				account_name: null,
				account_number: null,
				sort_code: null,
				bic: null,
				iban: null,
			};
		if ('email' in record) record.email = person.email ?? null;
		const [first, ...rest] = String(person.name).split(' ');
		Object.assign(w.draft, {
			name: record.name,
			ref,
			email: person.email ?? '',
			types,
			person: [first, rest.join(' ')],
			phone: person.telephone ?? null,
			creditDays: record.credit_days ?? 30,
			creditLimit: cents(record.credit_limit ?? 0),
			active: record.is_active ?? old?.active ?? true,
			attachments: old?.attachments ?? 0,
			at: old?.at ?? { street: 0, no: 1, city: 0 },
			hasDelivery: Boolean(record.delivery_address),
		});
	},
	label: (w, record) => `${record.name} (${record.reference})`,

	/** The contact's own address and person rows, following it (created, updated, deleted with it). */
	afterCommit(w, row, index, { created, deleted }) {
		const { ctx } = w;
		if (created) {
			const follow = { created: row.created, updated: row.updated, deleted: null };
			const main = ctx.append('addresses', { contact: index, sub: MAIN_ADDRESS, bank: -1, ...follow });
			if (row.hasDelivery) ctx.append('addresses', { contact: index, sub: DELIVERY_ADDRESS, bank: -1, ...follow });
			ctx.append('contact_persons', { contact: index, sub: MAIN_PERSON, address: main, ...follow });
			return;
		}
		for (const name of ['addresses', 'contact_persons']) {
			let touched = false;
			for (const follower of ctx.rows(name)) {
				if (follower.contact !== index || follower.sub === undefined || follower.sub === 0 || follower.minted) continue;
				if (follower.deleted !== null && !deleted) continue;
				follower.updated = w.now;
				if (deleted) follower.deleted = w.now;
				touched = true;
			}
			// A customer given a delivery address on update gets its row.
			if (
				!deleted &&
				name === 'addresses' &&
				row.hasDelivery &&
				!ctx.rows('addresses').some((a) => a.contact === index && a.sub === DELIVERY_ADDRESS)
			) {
				ctx.append('addresses', {
					contact: index,
					sub: DELIVERY_ADDRESS,
					bank: -1,
					created: w.now,
					updated: w.now,
					deleted: null,
				});
			}
			if (touched) ctx.touch(name);
		}
	},
	deletable: (w) => (w.ctx.contactInUse(w.rowIndex) ? 'it has transactions' : null),
};

/** A seeded address or person moved to another contact keeps the id it was seeded under. */
const keptIdContact = (old) => (old && !old.minted ? idContactOf(old) : undefined);

/** Addresses created on their own (a contact's further addresses, a bank account's address). */
const addresses = {
	build(w, record) {
		const { ctx, input, problems } = w;
		const old = w.row;
		const contact = w.ref('contact_id')?.index ?? old?.contact ?? -1;
		const bank = w.ref('bank_account_id')?.index ?? old?.bank ?? -1;
		if (contact < 0 && bank < 0)
			problems.add(
				'contact_id',
				'contact_id (or bank_account_id) is required: an address belongs to a contact or a bank account',
			);
		if (problems.size) return;
		withCountry(ctx, record);
		if (input.contact_id !== undefined || !old) record.contact = contact >= 0 ? ctx.ref('contacts', contact) : null;
		if (input.bank_account_id !== undefined || !old)
			record.bank_account = bank >= 0 ? ctx.ref('bank_accounts', bank) : null;
		Object.assign(w.draft, { contact, bank, sub: old?.sub ?? 0, idContact: keptIdContact(old) });
	},
	label: (w, record) => addressLabel(record),
	/** Editing a contact's own address edits what the contact shows (the rows render from it). */
	beforeUpdate(w, row, record) {
		if (row.minted || !(row.sub === MAIN_ADDRESS || row.sub === DELIVERY_ADDRESS)) return false;
		w.updateContactPart(row.contact, row.sub === MAIN_ADDRESS ? 'main_address' : 'delivery_address', record);
		return true;
	},
	deletable: (w) => (!w.row.minted && w.row.sub === MAIN_ADDRESS ? "it is its contact's main address" : null),
};

const contactPersons = {
	build(w, record) {
		const { ctx, problems } = w;
		const old = w.row;
		const address = w.ref('address_id')?.index ?? old?.address;
		const addressRow = ctx.rows('addresses')[address];
		const contact = addressRow?.contact ?? -1;
		if (contact < 0) problems.add('address_id', 'address_id must be an address of a contact');
		if (problems.size) return;
		for (const key of ['is_main_contact', 'is_preferred_contact']) if (record[key] === null) record[key] = false;
		Object.assign(w.draft, { contact, address, name: record.name, sub: old?.sub ?? 0, idContact: keptIdContact(old) });
	},
	label: (w, record) => record.name,
	beforeUpdate(w, row, record) {
		if (row.minted || row.sub !== MAIN_PERSON) return false;
		w.updateContactPart(row.contact, 'main_contact_person', record);
		return true;
	},
	deletable: (w) => (!w.row.minted && w.row.sub === MAIN_PERSON ? "it is its contact's main contact person" : null),
};

module.exports = { contacts, addresses, contactPersons, MAIN_ADDRESS, DELIVERY_ADDRESS, MAIN_PERSON };
