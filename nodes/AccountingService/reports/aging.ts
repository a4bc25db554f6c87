import { daysBetween } from './calendar';

/**
 * The ageing columns: current (not yet due, due today included), then `count` periods of `days`
 * days past it, then what is older. 30 × 3: current, days_1_30, days_31_60, days_61_90, days_over_90.
 */
export interface AgingPeriods {
	days: number;
	count: number;
}

export const DEFAULT_AGING: AgingPeriods = { days: 30, count: 3 };
/** What the editor offers and the parameters accept: a period of a day to a year, up to twelve of them. */
export const AGING_LIMITS = { days: { min: 1, max: 365 }, count: { min: 1, max: 12 } } as const;

/** The columns' names in the order the report reads: current, days_1_30, …, days_over_90. */
export function bucketNames({ days, count }: AgingPeriods): string[] {
	const periods = Array.from({ length: count }, (_, i) => `days_${i * days + 1}_${(i + 1) * days}`);
	return ['current', ...periods, `days_over_${count * days}`];
}

/** The column (its index among bucketNames) of an item that many days past the day it ages from. */
export function bucketIndex(daysPast: number, { days, count }: AgingPeriods): number {
	if (daysPast <= 0) return 0;
	return Math.min(count, Math.ceil(daysPast / days) - 1) + 1;
}

/** The column's name of an item that many days past the day it ages from. */
export const bucketOf = (daysPast: number, periods: AgingPeriods = DEFAULT_AGING) =>
	bucketNames(periods)[bucketIndex(daysPast, periods)];

/**
 * What the Documents output says of an open item beyond its amount, as the record read shows it.
 * Amounts in cents of the item's own currency, signed as the item's amount (a credit negative).
 */
export interface ItemDetail {
	id: string;
	/** sales_invoice, purchase_credit_note, opening_balance_invoice, payment_on_account, … */
	type: string;
	number: string | null;
	reference: string | null;
	date: string | null;
	dueDate: string | null;
	/** The day it is overdue from: what it owes from its due date (else its date), a credit from its own date. */
	overdueFrom: string | null;
	total: number;
	/** What was still open at the end of the day. */
	outstanding: number;
	currency: string | null;
}

/** A document (or payment on account) still open, amount in cents: positive owed, negative credit. */
export interface OpenItem {
	contactId: string | null;
	contactName: string | null;
	/** The day it ages from: an invoice's due date, a credit note's or payment's own date. */
	agedFrom: string | null;
	amount: number;
	/** How the report names it when it cannot be placed: "Sales Invoice SI-12". */
	label: string;
	detail?: ItemDetail;
}

/** Cents by column name, and the `total`. */
export type Buckets = Record<string, number>;

export interface ContactAge {
	contactId: string;
	contactName: string | null;
	buckets: Buckets;
}

/** An item placed in a contact's column on the day. */
export interface AgedItem {
	item: OpenItem;
	bucket: string;
	daysPast: number;
}

export interface AgedReport {
	/** The columns' names, in order (the totals' keys besides `total`). */
	columns: string[];
	/** Largest total first: who owes (or is owed) the most leads. */
	contacts: ContactAge[];
	totals: Buckets;
	/** Every placed item, by contact id, in the order read. */
	itemsOf: Map<string, AgedItem[]>;
	/** Items without a contact or a day to age from: named, never dropped. */
	unplaced: OpenItem[];
}

export const emptyBuckets = (columns: readonly string[]): Buckets =>
	Object.fromEntries([...columns, 'total'].map((column) => [column, 0]));

/** Each contact's open items in the ageing columns as at `asAt`, and the columns' totals. */
export function ageItems(items: readonly OpenItem[], asAt: string, periods: AgingPeriods = DEFAULT_AGING): AgedReport {
	const columns = bucketNames(periods);
	const byContact = new Map<string, ContactAge>();
	const itemsOf = new Map<string, AgedItem[]>();
	const totals = emptyBuckets(columns);
	const unplaced: OpenItem[] = [];
	for (const item of items) {
		if (item.amount === 0) continue;
		if (item.contactId === null || item.agedFrom === null) {
			unplaced.push(item);
			continue;
		}
		let contact = byContact.get(item.contactId);
		if (!contact) {
			contact = { contactId: item.contactId, contactName: item.contactName, buckets: emptyBuckets(columns) };
			byContact.set(item.contactId, contact);
			itemsOf.set(item.contactId, []);
		}
		const daysPast = daysBetween(item.agedFrom, asAt);
		const bucket = columns[bucketIndex(daysPast, periods)];
		contact.buckets[bucket] += item.amount;
		contact.buckets.total += item.amount;
		totals[bucket] += item.amount;
		totals.total += item.amount;
		itemsOf.get(item.contactId)!.push({ item, bucket, daysPast });
	}
	const contacts = [...byContact.values()]
		.filter((contact) => columns.some((column) => contact.buckets[column] !== 0))
		.sort(
			(a, b) =>
				b.buckets.total - a.buckets.total ||
				(a.contactName ?? '').localeCompare(b.contactName ?? '') ||
				a.contactId.localeCompare(b.contactId),
		);
	return { columns, contacts, totals, itemsOf, unplaced };
}
