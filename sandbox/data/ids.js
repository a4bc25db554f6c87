'use strict';

const { createCipheriv, createDecipheriv, createHash } = require('node:crypto');

/**
 * Record ids are opaque 32-hex strings like the real service's. Instead of storing one string per
 * row and a lookup map (hundreds of thousands at benchmark scale), an id is the AES encryption of
 * (business, id space, row index): it looks random, costs no memory and decodes in O(1).
 *
 * Append only: an entry's position is part of every id minted in that space.
 */
const ID_SPACES = Object.freeze([
	'businesses',
	'users',
	'artefact_statuses',
	'attachments',
	'bank_account_types',
	'bank_accounts',
	'contacts',
	'countries',
	'exchange_rates',
	'financial_settings',
	'invoice_settings',
	'ledger_account_types',
	'ledger_accounts',
	'ledger_entries',
	'other_payments',
	'products',
	'purchase_corrective_invoices',
	'purchase_credit_notes',
	'purchase_invoices',
	'purchase_quick_entries',
	'sales_corrective_invoices',
	'sales_credit_notes',
	'sales_estimates',
	'sales_invoices',
	'sales_quick_entries',
	'sales_quotes',
	'services',
	'stock_items',
	'tax_offices',
	'tax_profiles',
	'tax_rates',
	'transactions',
	// The business-data collections (sandbox/data/business-collections.js); addresses and contact
	// persons keep their contact's sub-ids, unallocated artefacts their artefact's id.
	'contact_payments',
	'contact_allocations',
	'contact_opening_balances',
	'hosted_artefact_payment_settings',
	'journals',
	'journal_codes',
	'opening_balance_journals',
	'ledger_account_opening_balances',
	'bank_transfers',
	'bank_deposits',
	'bank_opening_balances',
	'bank_reconciliations',
	'stock_movements',
	'product_sales_price_types',
	'service_rate_types',
	'analysis_types',
	'analysis_type_categories',
	'migration_tax_returns',
	// The reference lists with opaque ids (sandbox/data/reference-collections.js) and the migration's id.
	'coa_accounts',
	'migrations',
	// Addresses and contact persons created through the API have ids of their own (sandbox/api/writes).
	'addresses',
	'contact_persons',
]);
const SPACE_CODE = new Map(ID_SPACES.map((name, code) => [name, code]));
const MAGIC = 0x5a6e4b31;
const HEX_ID = /^[0-9a-f]{32}$/;

const codecs = new Map();

/**
 * One codec per seed, shared by every sandbox of that seed in the process: ids never change.
 * @param {string} seed the dataset seed; another seed mints other ids
 */
function createIdCodec(seed) {
	let codec = codecs.get(seed);
	if (!codec) {
		codec = idCodec(seed);
		codecs.set(seed, codec);
	}
	return codec;
}

/** @param {string} seed */
function idCodec(seed) {
	const key = createHash('sha256').update(`sandbox ids\u0000${seed}`).digest().subarray(0, 16);
	// ECB over exactly one block with padding off: update() returns the whole block at once,
	// so one cipher object serves every call.
	const enc = createCipheriv('aes-128-ecb', key, null).setAutoPadding(false);
	const dec = createDecipheriv('aes-128-ecb', key, null).setAutoPadding(false);
	const block = Buffer.alloc(16);
	// Every list page and every record names the same ids again: encrypt each once. A row's id is
	// kept by business, id space and row index, a part's (a line item's) under its row's by its
	// number, so that looking either up builds no key.
	/** @type {Array<Map<string, string[]>>} */
	const rowIds = [];
	/** @type {Array<Map<string, string[][]>>} */
	const partIds = [];

	/**
	 * @param {number} business business index
	 * @param {string} space an entry of ID_SPACES
	 * @param {number} index row index
	 * @param {number} [sub] non-zero for a part of that row (a line item), which has no path of its own
	 */
	function encode(business, space, index, sub = 0) {
		if (sub !== 0) {
			const spaces = partIds[business] ?? (partIds[business] = new Map());
			let rows = spaces.get(space);
			if (!rows) spaces.set(space, (rows = []));
			const parts = rows[index] ?? (rows[index] = []);
			return parts[sub] ?? (parts[sub] = encrypt(business, space, index, sub));
		}
		const spaces = rowIds[business] ?? (rowIds[business] = new Map());
		let ids = spaces.get(space);
		if (!ids) spaces.set(space, (ids = []));
		return ids[index] ?? (ids[index] = encrypt(business, space, index, 0));
	}

	function encrypt(business, space, index, sub) {
		const code = SPACE_CODE.get(space);
		if (code === undefined) throw new Error(`unknown id space ${space}`);
		block.fill(0);
		block.writeUInt32BE(MAGIC, 0);
		block[4] = business;
		block[5] = code;
		block.writeUInt32BE(sub, 8);
		block.writeUInt32BE(index, 12);
		return enc.update(block).toString('hex');
	}

	/**
	 * @param {string} id
	 * @returns {{ business: number, space: string, index: number, sub: number } | null} null for anything we never minted
	 */
	function decode(id) {
		if (typeof id !== 'string' || !HEX_ID.test(id)) return null;
		const plain = dec.update(Buffer.from(id, 'hex'));
		if (plain.readUInt32BE(0) !== MAGIC || plain.readUInt16BE(6) !== 0) return null;
		const space = ID_SPACES[plain[5]];
		if (space === undefined) return null;
		return { business: plain[4], space, index: plain.readUInt32BE(12), sub: plain.readUInt32BE(8) };
	}

	return { encode, decode };
}

/**
 * Version 2 ids were small integers per table; keep them distinct per business so a v2 id never
 * points at another business's record by accident.
 * @param {number} business @param {number} index
 */
function legacyId(business, index) {
	return (business + 1) * 10_000_000 + index + 1;
}

/**
 * @param {import('./prng').Rng} rng
 * @returns {string} a version 4 UUID drawn from the seeded stream
 */
function uuidFrom(rng) {
	const b = Buffer.alloc(16);
	for (let i = 0; i < 16; i += 4) b.writeUInt32BE(rng.uint32(), i);
	b[6] = (b[6] & 0x0f) | 0x40;
	b[8] = (b[8] & 0x3f) | 0x80;
	const h = b.toString('hex');
	return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

module.exports = { createIdCodec, legacyId, uuidFrom, ID_SPACES };
