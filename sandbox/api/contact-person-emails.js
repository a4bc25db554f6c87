'use strict';

const { BY_NAME } = require('../data/collections');
const { renderRow } = require('../data/records');

/**
 * The OpenAPI's `email` filter on /contacts: "Use this to filter by the contact person email
 * address." A contact matches when any of its live contact persons (its main one, the further ones
 * seeded or created through /contact_persons) has that address. E-mail addresses are compared
 * whole, ignoring case and surrounding spaces: the service documents no partial match, and mail
 * systems treat addresses case-insensitively in practice.
 */

/** @param {unknown} email */
const normalEmail = (email) =>
	String(email ?? '')
		.trim()
		.toLowerCase();

/**
 * The contacts (row indexes) that have a live contact person with this e-mail address.
 * @param {object} ctx the business @param {string} raw the filter's value
 * @returns {Set<number>}
 */
function contactsWithPersonEmail(ctx, raw) {
	const wanted = normalEmail(raw);
	const persons = BY_NAME.get('contact_persons');
	const contacts = new Set();
	if (!wanted) return contacts;
	ctx.rows('contact_persons').forEach((row, index) => {
		if (row.deleted !== null || row.contact < 0 || contacts.has(row.contact)) return;
		if (normalEmail(renderRow(ctx, persons, row, index).email) === wanted) contacts.add(row.contact);
	});
	return contacts;
}

module.exports = { contactsWithPersonEmail, normalEmail };
