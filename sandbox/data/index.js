'use strict';

const { createClock } = require('../clock');
const { rngFor } = require('./prng');
const { createIdCodec, uuidFrom } = require('./ids');
const { SEED_START, DAY_MS, formatInstant, parseDay, wholeSecond } = require('./time');
const { TABLE, BY_NAME } = require('./collections');
const { profilesOf, USER, businessCreated } = require('./businesses');
const { createBusinessContext } = require('./context');
const { fullRecord, extraFields } = require('./records');
const { attachments } = require('./kinds/attachments');
const { renderDocumentPdf } = require('./document-pdf');

const DEFAULT_SCALE = 2150;
const DEFAULT_SEED = 'accounting-sandbox-v1';

/**
 * @typedef {object} BusinessInfo what tests need to know about a seeded business
 * @property {string} id
 * @property {string} key `lead`, `second`, `invited`, or `branch-4` and on (the `businesses` option)
 * @property {string} name current name (follows PUT /businesses)
 * @property {string} country lower-case ISO code
 * @property {string} currency
 * @property {boolean} owned whether the seeded user owns it
 * @property {boolean} lead
 */

/**
 * @typedef {object} CollectionInfo what a collection of the table accepts (from the reference OpenAPI)
 * @property {string} name
 * @property {boolean} singleton a settings object (`GET /financial_settings`), not a list
 * @property {boolean} searchable
 * @property {'hex'|'code'} idKind opaque 32-hex ids, or the service's readable codes
 * @property {string[]} filters the list's filter parameters
 * @property {string[]} sorts the attributes `sort` accepts
 * @property {string[]} searchFields
 * @property {string|undefined} definition the OpenAPI definition of its records
 * @property {string[]|null} countries where the service offers it (lower case); null: everywhere
 */

/** The seeded user; built for each dataset, since `PUT /user` changes it. */
function userOf(seed) {
	const created = formatInstant(SEED_START - 90 * DAY_MS);
	return { id: uuidFrom(rngFor(seed, 'user')), ...USER, created_at: created, updated_at: created };
}

/**
 * Every business's books, every collection seeded.
 * @param {{ seed: string, businesses: number, options: object }} seeding
 */
function seedBooks({ seed, businesses, options }) {
	const codec = createIdCodec(seed);
	const user = userOf(seed);
	const contexts = profilesOf(businesses).map((profile, index) => {
		const owner = profile.owner ?? user;
		const createdMs = businessCreated(index);
		const biz = {
			index,
			key: profile.key,
			profile: profile.profile,
			country: profile.country,
			currency: profile.currency,
			owned: profile.owned,
			id: codec.encode(index, 'businesses', 0),
			ownerId: profile.owned ? user.id : uuidFrom(rngFor(seed, 'owner', profile.key)),
			ownerName: `${owner.first_name} ${owner.last_name}`,
			record: { ...profile.record },
			createdMs,
			updatedMs: createdMs,
			prefixes: profile.prefixes,
			terms: profile.terms,
			taxNumber: profile.taxNumber,
			openingCapital: profile.openingCapital,
			transactions: [],
			postings: [],
			balanceCache: null,
		};
		return createBusinessContext({ biz, seed, codec, options });
	});
	for (const ctx of contexts) for (const def of TABLE) if (!def.singleton) ctx.rows(def.name);
	return contexts;
}

/**
 * Books seeded in this process, kept untouched, by what changes the seeded data (`amounts` and
 * `trialBalanceAmounts` only change how records are sent, the clock only what the hooks create).
 * Books no bigger than the default scale are kept from their first seeding, and every dataset
 * gets its own copy (`ctx.copy`), a fraction of seeding's time: a jest file builds a dataset per
 * test, and seeding the same books twice cost each file a few tenths of a second. Bigger books
 * (a benchmark, a server at `--scale 100000`) are seeded for their first dataset alone, so a
 * process that builds one keeps no second copy; seen again, they are seeded once more and kept.
 */
const seededOnce = new Set();
/** @type {Map<string, object[]>} least recently used first */
const keptBooks = new Map();
// A jest file uses up to ten option sets; kept books weigh about 8 MiB each at the default scale, less below it.
const KEPT_BOOKS = 10;

function contextsFor(seeding) {
	const { seed, businesses, options } = seeding;
	const key = JSON.stringify([
		seed,
		businesses,
		options.scale,
		options.scaleAllBusinesses,
		options.smallLead,
		options.bigAttachmentMiB,
	]);
	let kept = keptBooks.get(key);
	if (!kept) {
		if (options.scale > DEFAULT_SCALE && !seededOnce.has(key)) {
			seededOnce.add(key);
			return seedBooks(seeding);
		}
		kept = seedBooks(seeding);
		if (keptBooks.size >= KEPT_BOOKS) keptBooks.delete(keptBooks.keys().next().value);
	}
	keptBooks.delete(key);
	keptBooks.set(key, kept);
	return kept.map((ctx) => ctx.copy(options));
}

/**
 * Builds the sandbox's seeded data: three businesses with every collection of the table, the
 * seeded user, and hooks for tests. Same options → byte-identical data; only records created
 * through the hooks take their time from `clock`. Options already seeded in this process give a
 * copy of the books seeded then, sharing nothing with it or with any other dataset.
 * @param {{ scale?: number, clock?: ReturnType<typeof createClock>, seed?: string, bigAttachmentMiB?: number, amounts?: 'number'|'string', trialBalanceAmounts?: 'string'|'number', businesses?: number, scaleAllBusinesses?: boolean, smallLead?: boolean }} [options]
 *   scale: live sales invoices of the lead business (default 2,150); bigAttachmentMiB: adds a PDF of that size to the lead;
 *   businesses: how many the user reaches (default 3; the fourth on are copies of the lead, owned by the user);
 *   scaleAllBusinesses: every business holds `scale` live sales invoices, not only the lead (and its copies);
 *   smallLead: the lead (and its copies) holds as many records of each collection as the second business, its
 *   sales invoices still `scale`: for tests that read whole books many times (the aged reports' cases);
 *   amounts: 'number' (default) sends the OpenAPI's number fields as JSON numbers, 'string' as decimal strings ("120.50");
 *   trialBalanceAmounts: 'string' (default, as the spec shows it) or 'number', so clients can be tested against both.
 */
const buildDataset = (options) => datasetOf(options, contextsFor);

/** The same dataset, its books seeded for it alone (what `buildDataset` answers the first time). */
const seedDataset = (options) => datasetOf(options, seedBooks);

function datasetOf(
	{
		scale = DEFAULT_SCALE,
		clock = createClock(),
		seed = DEFAULT_SEED,
		bigAttachmentMiB = 0,
		amounts = 'number',
		trialBalanceAmounts = 'string',
		businesses = 3,
		scaleAllBusinesses = false,
		smallLead = false,
	} = {},
	booksFor,
) {
	if (!Number.isInteger(scale) || scale < 1) throw new RangeError('scale must be a positive integer');
	if (!Number.isFinite(bigAttachmentMiB) || bigAttachmentMiB < 0) throw new RangeError('bigAttachmentMiB must be ≥ 0');
	if (amounts !== 'number' && amounts !== 'string')
		throw new RangeError(`amounts must be 'number' or 'string', not ${JSON.stringify(amounts)}`);
	if (trialBalanceAmounts !== 'number' && trialBalanceAmounts !== 'string')
		throw new RangeError(
			`trialBalanceAmounts must be 'string' or 'number', not ${JSON.stringify(trialBalanceAmounts)}`,
		);
	profilesOf(businesses); // refuses a count out of range before anything is seeded or kept
	const options = {
		scale,
		bigAttachmentMiB,
		amounts,
		trialBalanceAmounts,
		scaleAllBusinesses: scaleAllBusinesses === true,
		smallLead: smallLead === true,
	};
	const user = userOf(seed);
	const contexts = booksFor({ seed, businesses, options });

	const byId = new Map(contexts.map((ctx) => [ctx.biz.id, ctx]));
	/** @type {Map<string, 'active'|'withdrawn'|'lapsed'>} */
	const accessOf = new Map();
	const lead = contexts.find((ctx) => ctx.biz.owned);

	/** @param {string} businessId @param {string} collection */
	function resolve(businessId, collection) {
		const ctx = byId.get(businessId);
		if (!ctx) throw new Error(`no business ${businessId}`);
		const def = BY_NAME.get(collection);
		if (!def) throw new Error(`no collection ${collection}`);
		return { ctx, def };
	}

	function liveRows(businessId, collection, deleted) {
		const { ctx, def } = resolve(businessId, collection);
		if (def.singleton) return deleted ? 0 : 1;
		let n = 0;
		for (const row of ctx.rows(collection)) if ((row.deleted !== null) === deleted) n++;
		return n;
	}

	const now = () => wholeSecond(clock.now());
	/** @param {{ at?: number }} options @returns {number} whole-second epoch ms */
	const stampOf = ({ at } = {}) => {
		if (at === undefined) return now();
		if (!Number.isFinite(at)) throw new RangeError('at must be a time in epoch milliseconds');
		return wholeSecond(at);
	};
	const infos = contexts.map((ctx) => ({
		id: ctx.biz.id,
		key: ctx.biz.key,
		get name() {
			return ctx.biz.record.name;
		},
		country: ctx.biz.country,
		currency: ctx.biz.currency,
		owned: ctx.biz.owned,
		lead: ctx === lead,
	}));

	return {
		seed,
		scale,
		amounts,
		user,
		/** @type {BusinessInfo[]} */
		businesses: infos,
		/** @type {BusinessInfo} the business used when `X-Business` is absent */
		leadBusiness: infos[contexts.indexOf(lead)],
		leadBusinessId: lead.biz.id,
		/** @type {CollectionInfo[]} the table's public face: which collections exist and what each accepts */
		collections: TABLE.map((def) => ({
			name: def.name,
			singleton: def.singleton,
			searchable: def.searchable,
			idKind: def.idKind,
			filters: [...def.filters],
			sorts: [...def.sorts],
			searchFields: def.search ? Object.keys(def.search) : [],
			definition: def.definition,
			countries: def.countries && [...def.countries],
		})),

		/** Live (not deleted) records of a collection in a business; 1 for a singleton. */
		count: (businessId, collection) => liveRows(businessId, collection, false),
		/** Soft-deleted records, visible only through `deleted_since`. */
		deletedCount: (businessId, collection) => liveRows(businessId, collection, true),

		/**
		 * The bytes the API serves for an attachment, for tests to hash and compare.
		 * @returns {{ fileName: string, mimeType: string, size: number, open: () => import('node:stream').Readable } | null}
		 */
		attachmentFile(businessId, attachmentId) {
			const ctx = byId.get(businessId);
			const index = ctx ? ctx.find('attachments', attachmentId) : -1;
			if (index < 0) return null;
			const row = ctx.rows('attachments')[index];
			const file = attachments.fileFor(ctx, row);
			return { fileName: row.name, mimeType: attachments.mimeOf(row), size: file.size, open: file.open };
		},

		/**
		 * Test hook: a new record created "now" by the clock, appended in creation order. Documents
		 * are booked to the ledger like seeded ones. `fields` override rendered fields.
		 * `options.at` (epoch ms) stamps it with another time instead, without moving the clock:
		 * in the past it plays a record that becomes visible after the time written on it.
		 */
		createRecord(businessId, collection, fields = {}, options = {}) {
			const { ctx, def } = resolve(businessId, collection);
			if (!def.make) throw new Error(`createRecord does not support ${collection}`);
			const rows = ctx.rows(collection);
			const index = rows.length;
			const created = stampOf(options);
			const row = def.make(ctx, ctx.rng(collection, 'created', index), index, created, true);
			Object.assign(row, { created, updated: created, deleted: null, extra: extraFields(fields) });
			rows.push(row);
			ctx.touch(collection);
			if (def.post) def.post(ctx, row, index);
			return fullRecord(ctx, def, index, false);
		},

		/**
		 * Test hook: overrides fields of a live record and bumps its `updated_at` to now, or to
		 * `options.at` (epoch ms; not before its `created_at`). A `date` (YYYY-MM-DD) moves the
		 * record under a sort by date and in and out of `from_date`/`to_date` as a write would.
		 */
		updateRecord(businessId, collection, id, fields = {}, options = {}) {
			const { ctx, def } = resolve(businessId, collection);
			const index = ctx.find(collection, id);
			if (index < 0) throw new Error(`no live ${collection} ${id}`);
			const row = ctx.rows(collection)[index];
			const updated = stampOf(options);
			if (updated < row.created)
				throw new RangeError(`at must not be before the record's created_at (${formatInstant(row.created)})`);
			row.extra = { ...row.extra, ...extraFields(fields) };
			// A row that keeps its date as a day number sorts and filters by it: a new date moves the record.
			if (typeof row.date === 'number' && typeof fields.date === 'string' && parseDay(fields.date) !== null)
				row.date = parseDay(fields.date);
			row.updated = updated;
			ctx.touch(collection);
			return fullRecord(ctx, def, index, false);
		},

		/**
		 * Test hook: soft-deletes a record now, or at `options.at` (epoch ms; not before its
		 * `created_at`), so it shows up under `deleted_since` with that `deleted_at`. Unlike
		 * `DELETE`, it checks no rule and leaves the books as they are.
		 */
		deleteRecord(businessId, collection, id, options = {}) {
			const { ctx } = resolve(businessId, collection);
			const index = ctx.find(collection, id);
			if (index < 0) throw new Error(`no live ${collection} ${id}`);
			const row = ctx.rows(collection)[index];
			const deleted = stampOf(options);
			if (deleted < row.created)
				throw new RangeError(`at must not be before the record's created_at (${formatInstant(row.created)})`);
			row.deleted = deleted;
			row.updated = deleted;
			ctx.touch(collection);
		},

		/**
		 * The PDF the API answers for a sales invoice, credit note or corrective invoice with
		 * `Accept: application/pdf`, rendered from the record as it is now (without marking it sent),
		 * so tests can compare bytes: after a PDF request the record is in the state it was rendered
		 * in. Needs `npm install` (pdfkit).
		 * @param {string} businessId @param {string} collection `sales_invoices`, `sales_credit_notes` or `sales_corrective_invoices`
		 * @param {string} id a live record
		 * @returns {Promise<Buffer>}
		 */
		renderDocumentPdf(businessId, collection, id) {
			const { ctx, def } = resolve(businessId, collection);
			if (!def.pdf) throw new Error(`${collection} is not rendered as a PDF`);
			const index = ctx.find(collection, id);
			if (index < 0) throw new Error(`no live ${collection} ${id}`);
			return renderDocumentPdf(ctx, def, index);
		},

		/**
		 * Test hook: the user's access to a business other than the lead. `withdrawn`: the
		 * business is no longer listed and every request for it is refused, as when an accountant's
		 * invitation is removed; `lapsed`: still listed, every request for it refused, as when its
		 * subscription lapsed; `active` restores it.
		 * @param {string} businessId @param {'active'|'withdrawn'|'lapsed'} access
		 */
		setBusinessAccess(businessId, access) {
			if (!byId.has(businessId)) throw new Error(`no business ${businessId}`);
			if (businessId === lead.biz.id) throw new Error('the lead business cannot lose its access');
			if (!['active', 'withdrawn', 'lapsed'].includes(access)) throw new Error(`unknown access ${access}`);
			accessOf.set(businessId, access);
		},
		accessOf: (businessId) => accessOf.get(businessId) ?? 'active',

		/** For the API layer: the business context by id, or undefined. */
		contextOf: (businessId) => byId.get(businessId),
		contexts,
		clock,
	};
}

module.exports = { buildDataset, seedDataset, DEFAULT_SCALE, DEFAULT_SEED };
