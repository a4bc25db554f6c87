'use strict';

const { companyName, asciiLetters } = require('../words');
const { amount } = require('../money');
const { laterEdit, stamps, address, currency, formatInstant } = require('./common');

const CUSTOMER = 1;
const VENDOR = 2;
const TYPES = [
	[CUSTOMER, 'CUSTOMER', 'Customer'],
	[VENDOR, 'VENDOR', 'Supplier'],
];

/** The first contacts of each business, so the awkward names are certainly there. */
const FIXTURES = {
	gb: [
		'Brontë & Søn Ltd',
		"Zoë's Pâtisserie",
		'Crème de la Crème Catering',
		"O'Neill & D'Arcy Print Works",
		'Siobhán Ó Súilleabháin',
		'Ashdown Village Hall',
		'Hargreaves & Whitfield Coffee Roasters LLP',
	],
	es: ['Transportes García & Peña, S.L.', 'Íñigo Ibáñez Olañeta', "Librería D'Ors y Asociados"],
	fr: ["L'Atelier de Gaëlle", 'Fromagerie Côté & Fils', 'Menuiserie Lévêque SARL'],
};

/** @type {Record<string, Function>} */
const kind = {
	make(ctx, rng, i, created) {
		const L = ctx.L;
		const fixtures = FIXTURES[ctx.biz.country];
		const name = i < fixtures.length ? fixtures[i] : companyName(L, rng);
		const roll = rng.next();
		const types = roll < 0.7 ? CUSTOMER : roll < 0.95 ? VENDOR : CUSTOMER | VENDOR;
		const letters = asciiLetters(name).toUpperCase();
		const slug = name
			.normalize('NFD')
			.replace(/[\u0300-\u036f]/g, '')
			.toLowerCase()
			.replace(/[^a-z0-9]+/g, '-')
			.replace(/^-|-$/g, '');
		const number = String(i + 1).padStart(3, '0');
		const row = {
			name,
			// At most 10 characters, as the reference allows.
			ref: `${letters.slice(0, 10 - number.length)}${number}`,
			email: `${rng.pick(['accounts', 'info', 'hello', 'finance', 'admin'])}@${slug.slice(0, 30)}.${L.emailTld}`,
			types,
			at: { street: rng.int(0, 99), no: rng.int(1, 240), city: rng.int(0, 99) },
			person: [rng.pick(L.firstNames), rng.pick(L.surnames)],
			phone: L.phone(rng),
			creditDays: rng.pick([14, 30, 30, 30, 60]),
			creditLimit: rng.pick([0, 0, 100_000, 250_000, 500_000]),
			active: rng.chance(0.97),
			attachments: 0,
			updated: laterEdit(rng, created, 0.3),
		};
		return row;
	},
	displayedAs: (row) => `${row.name} (${row.ref})`,
	// The OpenAPI's /contacts `search`: "the contact name, company name or reference". A v3.1 contact
	// has one name (the company's or the person's), so: name and reference. E-mail addresses are
	// not searched; the `email` filter finds them (api/contact-person-emails.js).
	search: { name: (row) => row.name, reference: (row) => row.ref },
	render(row, ctx, index) {
		const isCustomer = (row.types & CUSTOMER) !== 0;
		const isVendor = (row.types & VENDOR) !== 0;
		const [first, last] = row.person;
		return {
			...stamps(row),
			deleted_at: formatInstant(row.deleted),
			balance: amount(ctx.contactBalance(index)),
			contact_types: TYPES.filter(([bit]) => row.types & bit).map(([, id]) => ctx.refCode('contact_types', id)),
			name: row.name,
			reference: row.ref,
			default_sales_ledger_account: isCustomer ? ctx.ref('ledger_accounts', ctx.chart.byRole('sales_goods')) : null,
			default_sales_tax_rate: isCustomer ? ctx.ref('tax_rates', 0) : null,
			default_purchase_ledger_account: isVendor ? ctx.ref('ledger_accounts', ctx.chart.byRole('purchases')) : null,
			tax_number: `${ctx.biz.country.toUpperCase()}${String(100_000_000 + index * 7919).slice(-9)}`,
			notes: '',
			locale: ctx.L.locale.slice(0, 2),
			main_address: address(ctx, row.at, { id: ctx.subId('contacts', index, 1), type: 'ACCOUNTS' }),
			delivery_address: isCustomer
				? address(ctx, row.at, { id: ctx.subId('contacts', index, 2), type: 'DELIVERY', main: false })
				: null,
			main_contact_person: {
				id: ctx.subId('contacts', index, 3),
				displayed_as: `${first} ${last}`,
				contact_person_types: [ctx.refCode('contact_person_types', 'ACCOUNTS')],
				name: `${first} ${last}`,
				job_title: 'Accounts',
				telephone: row.phone,
				mobile: null,
				email: row.email,
				fax: null,
				is_main_contact: true,
				is_preferred_contact: true,
			},
			bank_account_details: {
				account_name: row.name.slice(0, 30),
				account_number: null,
				sort_code: null,
				bic: null,
				iban: null,
			},
			credit_limit: amount(row.creditLimit),
			credit_days: row.creditDays,
			// Due dates are the invoice date plus credit_days (customers' terms run from the invoice, suppliers' are payment terms).
			credit_terms: isCustomer ? 'date_from_invoice' : 'date_from_payment',
			credit_terms_and_conditions: null,
			currency: currency(ctx),
			aux_reference: null,
			registered_number: null,
			deletable: false,
			email: row.email,
			system: false,
			is_active: row.active,
			gdpr_obfuscated: false,
		};
	},
};

module.exports = { kind, CUSTOMER, VENDOR, TYPES };
