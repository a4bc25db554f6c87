'use strict';

const { rngFor } = require('./prng');
const { legacyId } = require('./ids');
const { chartFor } = require('./chart');
const { LOCALES } = require('./words');
const { CURRENCIES } = require('./reference');
const { COUNTRY_GROUPS } = require('./code-lists');
const { BY_NAME, TABLE, availableIn } = require('./collections');
const { seedTimeline, deletedShare } = require('./kinds/common');
const { balances } = require('./kinds/ledger');
const { createCopier } = require('./copy');

/** What `biz` derives from the books and recomputes on demand: a copy of the books starts without it. */
const DERIVED = new Set([
	'balanceCache',
	'listCache',
	'searchCache',
	'settlersCache',
	'transactionTotals',
	'transactionOrigins',
	'writeTemplates',
]);

/**
 * A copy of a business's `biz` sharing nothing with it: its arrays (transactions, postings) are
 * copied on first use, caches are left to be recomputed, and hooks bound to a context (functions)
 * are bound again by the kinds (`def.bind`).
 * @param {object} biz @param {ReturnType<typeof createCopier>} copy
 */
function copyBiz(biz, copy) {
	const twin = {};
	for (const [key, value] of Object.entries(biz)) {
		if (DERIVED.has(key) || typeof value === 'function') continue;
		if (!Array.isArray(value)) {
			twin[key] = copy(value);
			continue;
		}
		Object.defineProperty(twin, key, {
			configurable: true,
			enumerable: true,
			get() {
				const own = copy(value);
				Object.defineProperty(twin, key, { value: own, writable: true, configurable: true, enumerable: true });
				return own;
			},
		});
	}
	return twin;
}

/**
 * One business's data and the helpers its kinds use to reach each other. Collections are seeded
 * on first use, so a kind simply asks for the rows it depends on.
 *
 * `origin`: the seeded books this context is a copy of (`ctx.copy`), never changed afterwards.
 * A collection is copied from them when first asked for, so a copy costs only what it uses.
 * @param {{ biz: object, seed: string, codec: ReturnType<import('./ids').createIdCodec>, options: { scale: number, bigAttachmentMiB: number, scaleAllBusinesses: boolean, smallLead: boolean }, origin?: { stores: Map<string, object>, generation: number, copy: ReturnType<typeof createCopier> } }} deps
 */
function createBusinessContext({ biz, seed, codec, options, origin }) {
	/** @type {Map<string, { rows: object[]|null, version: number, codes: Map<string, number>|null, seeding: boolean, from: object|null }>} */
	const stores = new Map();
	const cache = new Map();
	// Bumped by any change in this business: list and search caches key on it, since a list can
	// depend on other collections (a contact_id filter, a contact's name in an invoice search).
	let generation = origin?.generation ?? 0;

	const store = (name) => {
		let s = stores.get(name);
		if (!s) {
			if (!BY_NAME.has(name)) throw new Error(`unknown collection ${name}`);
			const from = origin?.stores.get(name);
			s = { rows: null, version: from?.version ?? 0, codes: null, seeding: false, from: from?.rows ? from : null };
			stores.set(name, s);
		}
		return s;
	};

	/** Derived lists keyed by the versions they were computed from. */
	const memo = (key, versionOf, compute) => {
		const version = versionOf();
		const hit = cache.get(key);
		if (hit && hit.version === version) return hit.value;
		const value = compute();
		cache.set(key, { version, value });
		return value;
	};

	function liveCount(def) {
		// What the lead sizes by `scale` (its sales invoices), every business does under scaleAllBusinesses;
		// under smallLead the lead holds the second business's counts of everything else.
		const profile = options.smallLead && biz.profile === 'lead' && def.counts.lead !== 'scale' ? 'second' : biz.profile;
		const n = options.scaleAllBusinesses && def.counts.lead === 'scale' ? 'scale' : def.counts[profile];
		return n === 'scale' ? options.scale : n;
	}

	function seedRows(def) {
		// A collection the service does not offer in this business's country is empty there.
		if (!availableIn(def, biz.country)) return [];
		if (def.seed) return def.seed(ctx);
		const count = liveCount(def);
		const deleted = def.filters.includes('deleted_since') ? deletedShare(count) : 0;
		const rows = seedTimeline(ctx, def, { count, deleted, ...def.window });
		if (def.post)
			rows.forEach((row, i) => {
				if (row.deleted === null) def.post(ctx, row, i);
			});
		return rows;
	}

	const liveIndexes = (name, keep = () => true) => {
		const out = [];
		ctx.rows(name).forEach((row, i) => {
			if (row.deleted === null && keep(row)) out.push(i);
		});
		return out;
	};

	const ctx = {
		biz,
		options,
		L: LOCALES[biz.country],
		chart: chartFor(biz.country),
		currencyName: CURRENCIES.find(([code]) => code === biz.currency)[1],
		// `books`: a kind that books its records to the ledger from its `seed` rather than a `post` per row.
		postingSources: TABLE.filter((def) => def.post || def.books).map((def) => def.name),

		/** @param {...(string|number)} parts */
		rng: (...parts) => rngFor(seed, biz.key, ...parts),

		/** @param {string} name @returns {object[]} */
		rows(name) {
			const s = store(name);
			if (s.rows) return s.rows;
			if (s.from) {
				s.rows = origin.copy(s.from.rows);
				s.codes = s.from.codes && new Map(s.from.codes);
				s.from = null;
				return s.rows;
			}
			if (s.seeding) throw new Error(`${name} depends on itself while seeding`);
			s.seeding = true;
			const def = BY_NAME.get(name);
			s.rows = seedRows(def);
			if (def.idKind === 'code') s.codes = new Map(s.rows.map((row, i) => [row.code, i]));
			s.seeding = false;
			def.bind?.(ctx);
			return s.rows;
		},
		version: (name) => store(name).version,
		touch(name) {
			store(name).version++;
			generation++;
		},
		generation: () => generation,

		id(name, index) {
			const def = BY_NAME.get(name);
			if (def.idKind === 'code') return ctx.rows(name)[index].code;
			// `idOf`: a kind whose records keep ids minted elsewhere (a contact's address, a transaction);
			// a record the API created has an id of its own collection's (`minted`).
			if (def.idOf && !ctx.rows(name)[index]?.minted) return def.idOf(ctx, index);
			return codec.encode(biz.index, name, index);
		},
		/** @param {string} id @returns {{ space: string, index: number, sub: number } | null} an id minted in this business */
		decode(id) {
			const d = codec.decode(id);
			return d && d.business === biz.index ? d : null;
		},
		subId: (name, index, sub) => codec.encode(biz.index, name, index, sub),
		pseudoId: (space, index) => codec.encode(biz.index, space, index),
		legacyId: (index) => legacyId(biz.index, index),
		displayedAs(name, index) {
			const row = ctx.rows(name)[index];
			// A written row keeps the label it was given when it was written (`label`).
			return row.extra?.displayed_as ?? (row.stored ? row.label : BY_NAME.get(name).displayedAs(row, ctx));
		},
		ref(name, index) {
			const id = ctx.id(name, index);
			return { id, displayed_as: ctx.displayedAs(name, index), $path: `/${name}/${encodeURIComponent(id)}` };
		},
		refCode(name, code) {
			ctx.rows(name);
			return ctx.ref(name, store(name).codes.get(code));
		},
		/** @param {string} name @param {string} code @returns {number} row index, or -1 */
		codeIndex(name, code) {
			ctx.rows(name);
			return store(name).codes.get(code) ?? -1;
		},

		/**
		 * Row index of a live record by its id in this business, or -1. Ids of another business,
		 * of a line item, of a deleted record or of nothing we minted are all simply not found.
		 * @param {string} name @param {string} id
		 */
		find(name, id) {
			const rows = ctx.rows(name);
			let index;
			const findId = BY_NAME.get(name).findId;
			if (findId) {
				index = findId(ctx, id);
				if (index < 0) {
					// A record the API created in a kind whose seeded records borrow ids.
					const d = codec.decode(id);
					index =
						d && d.business === biz.index && d.space === name && d.sub === 0 && rows[d.index]?.minted ? d.index : -1;
				}
			} else if (BY_NAME.get(name).idKind === 'code') {
				index = store(name).codes.get(id) ?? -1;
			} else {
				const d = codec.decode(id);
				index = d && d.business === biz.index && d.space === name && d.sub === 0 ? d.index : -1;
			}
			return index >= 0 && index < rows.length && rows[index].deleted === null ? index : -1;
		},
		/**
		 * Appends a row written through the API (sandbox/api/writes): the next row index, its code
		 * registered in a code-keyed list, lists and searches invalidated.
		 * @param {string} name @param {object} row @returns {number} the row index
		 */
		append(name, row) {
			const rows = ctx.rows(name);
			const index = rows.length;
			rows.push(row);
			if (row.code !== undefined && store(name).codes) store(name).codes.set(row.code, index);
			ctx.touch(name);
			return index;
		},
		/** Whether any live ledger posting names the contact (then it cannot be deleted). */
		contactInUse: (index) =>
			memo(
				'contacts-in-use',
				() => ctx.version('ledger_entries'),
				() => {
					const used = new Set();
					for (const p of ctx.rows('ledger_entries')) if (p.deleted === null && p.contact >= 0) used.add(p.contact);
					return used;
				},
			).has(index),
		/** @param {string} id @returns {number} transaction number, or -1 */
		findTransaction(id) {
			const d = codec.decode(id);
			return d && d.business === biz.index && d.space === 'transactions' && d.index < biz.transactions.length
				? d.index
				: -1;
		},

		contactsOfType: (bit) =>
			memo(
				`contacts:${bit}`,
				() => ctx.version('contacts'),
				() => liveIndexes('contacts', (row) => (row.types & bit) !== 0),
			),
		activeBankAccounts: () =>
			memo(
				'banks',
				() => ctx.version('bank_accounts'),
				() => liveIndexes('bank_accounts'),
			),
		contactBalance: (index) => balances(ctx).contacts.get(index) ?? 0,
		accountBalance: (account) => balances(ctx).accounts[account] ?? 0,
		get countryIndex() {
			return ctx.codeIndex('countries', biz.country.toUpperCase());
		},
		/** The business country's group (EU) as a reference, or null outside any group. */
		get countryGroup() {
			const group = Object.keys(COUNTRY_GROUPS).find((code) =>
				COUNTRY_GROUPS[code].members.includes(biz.country.toUpperCase()),
			);
			return group ? ctx.refCode('country_groups', group) : null;
		},

		liveCount,

		/**
		 * A context of its own over a copy of these books, with `options` (amounts, trial balance
		 * amounts: what only changes how records are sent). The books copied from must not change
		 * afterwards: seeded books kept for copying only (sandbox/data/index.js).
		 * @param {object} twinOptions
		 */
		copy(twinOptions) {
			const copy = createCopier();
			const twin = createBusinessContext({
				biz: copyBiz(biz, copy),
				seed,
				codec,
				options: twinOptions,
				origin: { stores, generation, copy },
			});
			for (const [name, s] of stores) if (s.rows) BY_NAME.get(name).bind?.(twin);
			return twin;
		},
	};
	return ctx;
}

module.exports = { createBusinessContext };
