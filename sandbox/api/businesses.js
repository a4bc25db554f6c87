'use strict';

const { fail } = require('./errors');
const { envelope, shape } = require('./list');
const { attributes } = require('./params');
const { renderBusiness, BUSINESS_UPDATABLE, USER_UPDATABLE } = require('../data/businesses');
const { COUNTRIES } = require('../data/reference');
const { formatInstant, wholeSecond } = require('../data/time');

const COUNTRY_NAMES = new Map(COUNTRIES);
const countryName = (code) => COUNTRY_NAMES.get(code) ?? code;

/**
 * The business and user endpoints. They do not depend on `X-Business`: every business the user
 * can reach is listed, and `/businesses/lead` is the one used when the header is absent.
 * @param {{ dataset: object, clock: { now: () => number } }} deps
 */
function createBusinessRoutes({ dataset, clock }) {
	const full = (ctx) => renderBusiness(ctx.biz, countryName);

	function byId(id) {
		const ctx = dataset.contextOf(id);
		if (!ctx || dataset.accessOf(id) === 'withdrawn')
			fail(404, 'RecordNotFound', `No business with id "${id}" is accessible to the user.`, 'id');
		return ctx;
	}

	/**
	 * Applies `{ <wrapper>: { attribute: string } }` to `target`, allowing only `allowed`.
	 * @returns {string[]} the attributes changed
	 */
	function applyWrapped(body, wrapper, allowed, target) {
		const attrs = body?.[wrapper];
		if (
			!body ||
			typeof body !== 'object' ||
			Array.isArray(body) ||
			!attrs ||
			typeof attrs !== 'object' ||
			Array.isArray(attrs)
		) {
			fail(
				422,
				'RecordInvalid',
				`The attributes must be nested in an object named "${wrapper}", e.g. { "${wrapper}": { ... } }.`,
				wrapper,
			);
		}
		for (const [name, value] of Object.entries(attrs)) {
			if (!allowed.includes(name))
				fail(422, 'RecordInvalid', `${name} cannot be updated; allowed: ${allowed.join(', ')}.`, `${wrapper}.${name}`);
			if (typeof value !== 'string') fail(422, 'RecordInvalid', `${name} must be a string.`, `${wrapper}.${name}`);
			if (value.length > 255)
				fail(422, 'RecordInvalid', `${name} must be at most 255 characters.`, `${wrapper}.${name}`);
		}
		if ('name' in attrs && attrs.name.trim() === '')
			fail(422, 'RecordInvalid', 'name must not be blank.', `${wrapper}.name`);
		Object.assign(target, attrs);
		return Object.keys(attrs);
	}

	const now = () => wholeSecond(clock.now());

	return {
		list(query) {
			const answer = envelope('/businesses', query);
			const wanted = attributes(query);
			const all = dataset.contexts.filter((ctx) => dataset.accessOf(ctx.biz.id) !== 'withdrawn');
			return answer(all.length, (from, to) =>
				all.slice(from, to).map((ctx) =>
					shape(
						wanted,
						() => {
							const { id, displayed_as, $path } = full(ctx);
							return { id, displayed_as, $path };
						},
						() => full(ctx),
					),
				),
			);
		},
		get: (id) => full(byId(id === 'lead' ? dataset.leadBusinessId : id)),
		update(id, body) {
			const ctx = byId(id);
			if (!ctx.biz.owned) fail(403, 'NotBusinessOwner', 'Only the owner of the business can update it.', 'business');
			applyWrapped(body, 'business', BUSINESS_UPDATABLE, ctx.biz.record);
			ctx.biz.updatedMs = now();
			return full(ctx);
		},
		user: () => renderUser(dataset.user),
		updateUser(body) {
			applyWrapped(body, 'user', USER_UPDATABLE, dataset.user);
			dataset.user.updated_at = formatInstant(now());
			return renderUser(dataset.user);
		},
	};
}

/** The user as `/user` shows it. */
function renderUser(user) {
	return {
		id: user.id,
		displayed_as: `${user.first_name} ${user.last_name}`,
		$path: '/user',
		first_name: user.first_name,
		last_name: user.last_name,
		initials: user.initials,
		email: user.email,
		locale: user.locale,
		created_at: user.created_at,
		updated_at: user.updated_at,
	};
}

module.exports = { createBusinessRoutes };
