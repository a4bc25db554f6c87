/**
 * What a document (or opening balance) still owed at the end of a day, from its total and the
 * payments and allocations that settled it, each with its date: the ones dated on or before the
 * day count, later ones do not.
 */

/** Part of a document settled by a payment or an allocation, in the document's currency. */
export interface Settlement {
	/** The payment's or allocation's day; null when the service did not say. */
	date: string | null;
	/** Amount plus discount, in cents, always positive. */
	cents: number;
}

export interface Owed {
	/** The document's total in its own currency, cents (positive). */
	total: number;
	/** The same total in the business's currency, cents (positive). */
	baseTotal: number;
	settlements: readonly Settlement[];
}

/**
 * What was still owed at the end of `day`, in the business's currency: the total less what was
 * settled on or before the day, converted at the document's own rate (its base total over its total)
 * and rounded to the cent once, so that a document paid in full is 0 in both currencies. A settlement
 * without a date counts as made (it cannot be placed after the day).
 */
export function owedOn(document: Owed, day: string): number {
	return inBase(openOn(document, day), document.total, document.baseTotal);
}

/** What was still open at the end of `day`, in the document's own currency. */
export function openOn(document: Omit<Owed, 'baseTotal'>, day: string): number {
	let open = document.total;
	for (const settlement of document.settlements) {
		if (settlement.date === null || settlement.date <= day) open -= settlement.cents;
	}
	return open;
}

/**
 * Cents of a record's own currency in the business's, at the record's own rate (its base total
 * over its total), rounded to the cent once: the whole total is exactly its base total.
 */
export function inBase(cents: number, total: number, baseTotal: number): number {
	if (cents === total) return baseTotal;
	if (total === 0) return 0;
	return roundHalfAway((cents * baseTotal) / total);
}

const roundHalfAway = (value: number) => Math.sign(value) * Math.round(Math.abs(value));
