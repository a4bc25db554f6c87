import { daysBetween } from './calendar';

/** The ageing columns, in the order the report reads. */
export const BUCKETS = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'days_over_90'] as const;
export type Bucket = (typeof BUCKETS)[number];

/** A document (or payment on account) still open, amount in cents: positive owed, negative credit. */
export interface OpenItem {
	contactId: string | null;
	contactName: string | null;
	/** The day it ages from: an invoice's due date, a credit note's or payment's own date. */
	agedFrom: string | null;
	amount: number;
	/** How the report names it when it cannot be placed: "Sales Invoice SI-12". */
	label: string;
}

export type Buckets = Record<Bucket | 'total', number>;

export interface ContactAge extends Buckets {
	contactId: string;
	contactName: string | null;
}

export interface AgedReport {
	/** Largest total first: who owes (or is owed) the most leads. */
	contacts: ContactAge[];
	totals: Buckets;
	/** Items without a contact or a day to age from: named, never dropped. */
	unplaced: OpenItem[];
}

/** Not yet due (due today included), then 1–30, 31–60, 61–90 and over 90 days past it. */
export function bucketOf(daysPast: number): Bucket {
	if (daysPast <= 0) return 'current';
	if (daysPast <= 30) return 'days_1_30';
	if (daysPast <= 60) return 'days_31_60';
	if (daysPast <= 90) return 'days_61_90';
	return 'days_over_90';
}

const emptyBuckets = (): Buckets => ({
	current: 0,
	days_1_30: 0,
	days_31_60: 0,
	days_61_90: 0,
	days_over_90: 0,
	total: 0,
});

/** Each contact's open items in the ageing columns as at `asAt`, and the columns' totals. */
export function ageItems(items: readonly OpenItem[], asAt: string): AgedReport {
	const byContact = new Map<string, ContactAge>();
	const totals = emptyBuckets();
	const unplaced: OpenItem[] = [];
	for (const item of items) {
		if (item.amount === 0) continue;
		if (item.contactId === null || item.agedFrom === null) {
			unplaced.push(item);
			continue;
		}
		let contact = byContact.get(item.contactId);
		if (!contact) {
			contact = { contactId: item.contactId, contactName: item.contactName, ...emptyBuckets() };
			byContact.set(item.contactId, contact);
		}
		const bucket = bucketOf(daysBetween(item.agedFrom, asAt));
		contact[bucket] += item.amount;
		contact.total += item.amount;
		totals[bucket] += item.amount;
		totals.total += item.amount;
	}
	const contacts = [...byContact.values()]
		.filter((contact) => BUCKETS.some((bucket) => contact[bucket] !== 0))
		.sort(
			(a, b) =>
				b.total - a.total ||
				(a.contactName ?? '').localeCompare(b.contactName ?? '') ||
				a.contactId.localeCompare(b.contactId),
		);
	return { contacts, totals, unplaced };
}
