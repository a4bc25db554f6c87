'use strict';

const { SEED_START, DAY_MS, formatInstant } = require('./time');

/**
 * The seeded businesses. The user owns the first two; the first is the lead. The third belongs to
 * someone else who invited the user, which is what makes "only the owner may update" testable.
 */
const PROFILES = [
	{
		key: 'lead',
		country: 'gb',
		currency: 'GBP',
		owned: true,
		openingCapital: 2_500_000,
		record: {
			name: "Ashdown & O'Brien Café Ltd",
			address_line_1: '14 Market Place',
			address_line_2: 'Old Town',
			city: 'Hebden Bridge',
			postal_code: 'HX7 8AB',
			telephone: '01422 845 120',
			mobile: '07700 900 123',
			website: 'https://ashdown-obrien.example.co.uk',
		},
		prefixes: { invoice: 'SI-', credit_note: 'SCN-', quote: 'SQ-', estimate: 'SE-', corrective: 'SCI-' },
		terms: 'Payment within 30 days. Thank you for your custom!',
		taxNumber: 'GB123456789',
	},
	{
		key: 'second',
		country: 'es',
		currency: 'EUR',
		owned: true,
		openingCapital: 1_200_000,
		record: {
			name: 'Panadería Núñez y Hermanos, S.L.',
			address_line_1: 'Calle de Alcalá, 112',
			address_line_2: 'Local 2',
			city: 'Madrid',
			postal_code: '28009',
			telephone: '914 355 120',
			mobile: '612 345 678',
			website: 'https://panaderia-nunez.example.es',
		},
		prefixes: { invoice: 'F-', credit_note: 'AB-', quote: 'P-', estimate: 'PR-', corrective: 'R-' },
		terms: 'Pago a 30 días mediante transferencia bancaria.',
		taxNumber: 'ESB12345674',
	},
	{
		key: 'invited',
		country: 'fr',
		currency: 'EUR',
		owned: false,
		openingCapital: 800_000,
		owner: { first_name: 'Élodie', last_name: 'Lefèvre' },
		record: {
			name: 'Atelier Lefèvre & Fils SARL',
			address_line_1: "12 quai de l'Horloge",
			address_line_2: '',
			city: 'Besançon',
			postal_code: '25000',
			telephone: '03 81 52 14 90',
			mobile: '06 12 34 56 78',
			website: 'https://atelier-lefevre.example.fr',
		},
		prefixes: { invoice: 'FA-', credit_note: 'AV-', quote: 'DE-', estimate: 'ES-', corrective: 'FR-' },
		terms: 'Paiement à 30 jours. Pénalités de retard : trois fois le taux d’intérêt légal.',
		taxNumber: 'FR40303265045',
	},
];

/** A business's index is one byte of each of its record ids (ids.js). */
const MAX_BUSINESSES = 256;

/**
 * The profiles of `count` businesses: the three above, then copies of the lead's (the user owns
 * them; same country, same sizes) under names and keys of their own, so their data is their own.
 * For benchmarks that read many businesses alike (All Businesses); `profile` names the profile
 * whose record counts a business takes (collections.js `counts`, the kinds' tables).
 * @param {number} count
 */
function profilesOf(count) {
	if (!Number.isInteger(count) || count < PROFILES.length || count > MAX_BUSINESSES)
		throw new RangeError(`businesses must be an integer from ${PROFILES.length} to ${MAX_BUSINESSES}`);
	const lead = PROFILES[0];
	const copies = Array.from({ length: count - PROFILES.length }, (_, index) => {
		const number = PROFILES.length + index + 1;
		return {
			...lead,
			key: `branch-${number}`,
			profile: lead.key,
			record: {
				...lead.record,
				name: `${lead.record.name} (Branch ${number})`,
				website: `https://branch-${number}.ashdown-obrien.example.co.uk`,
			},
		};
	});
	return [...PROFILES.map((profile) => ({ ...profile, profile: profile.key })), ...copies];
}

/** The one seeded user, who logs in on the consent page. */
const USER = {
	first_name: 'Siobhán',
	last_name: "O'Brien",
	initials: 'SO',
	email: 'siobhan.obrien@ashdown-obrien.example.co.uk',
	locale: 'en-GB',
};

/** Attributes a business owner may change with `PUT /businesses/{id}`. */
const BUSINESS_UPDATABLE = [
	'name',
	'address_line_1',
	'address_line_2',
	'city',
	'postal_code',
	'telephone',
	'mobile',
	'website',
];
/** Attributes the user may change with `PUT /user`. */
const USER_UPDATABLE = ['first_name', 'last_name', 'initials', 'locale'];

/** Businesses were set up shortly before the seeded history starts, one day apart. */
const businessCreated = (index) => SEED_START - (60 - index) * DAY_MS + 9 * 3_600_000;

/**
 * The business as `/businesses` shows it.
 * @param {object} biz internal business
 * @param {(code: string) => string} countryName
 */
function renderBusiness(biz, countryName) {
	const r = biz.record;
	const code = biz.country.toUpperCase();
	return {
		id: biz.id,
		displayed_as: r.name,
		$path: `/businesses/${biz.id}`,
		name: r.name,
		address_line_1: r.address_line_1,
		address_line_2: r.address_line_2,
		city: r.city,
		postal_code: r.postal_code,
		region: null,
		country: { id: code, displayed_as: countryName(code), $path: `/countries/${code}` },
		telephone: r.telephone,
		mobile: r.mobile,
		website: r.website,
		is_demo: false,
		owner: { id: biz.ownerId, displayed_as: biz.ownerName },
		created_at: formatInstant(biz.createdMs),
		updated_at: formatInstant(biz.updatedMs),
	};
}

module.exports = { PROFILES, profilesOf, USER, BUSINESS_UPDATABLE, USER_UPDATABLE, businessCreated, renderBusiness };
