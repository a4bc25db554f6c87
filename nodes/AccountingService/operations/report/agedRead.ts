import type { IExecuteFunctions } from 'n8n-workflow';

import type { ParameterReader } from '../../actions/parameters';
import { ageItems, type AgedReport, type AgingPeriods } from '../../reports/aging';
import { readContactDetails, type ContactDetails } from './agedContacts';
import { LEDGERS, readAgedItems, type AgeBy } from './agedReads';
import { readBooks, type BusinessBooks } from './books';
import type { ControlAccount } from './controlAccount';
import type { ReportDays } from './days';

/** What an aged report is asked for, its parameters read and checked before any request. */
export interface AgedAsk {
	side: 'debtors' | 'creditors';
	days: ReportDays<string>;
	today: string;
	ageBy: AgeBy;
	includePaymentsOnAccount: boolean;
	periods: AgingPeriods;
	/** Each item's number, reference and amounts in its own currency (Documents, Overdue Invoices). */
	details: boolean;
	/** The contacts' e-mail and credit terms: one list more. */
	contacts: boolean;
	/** What `beside` reads may refuse the report (a Control Account no ledger account has): read before the lists. */
	besideFirst?: boolean;
}

export interface AgedRead {
	asAt: string;
	books: BusinessBooks;
	report: AgedReport;
	contacts: ReadonlyMap<string, ContactDetails>;
}

/**
 * An aged report of one business: the financial settings, then its lists at once (the open
 * items, and the contacts when asked), with `beside` (the control account) read alongside.
 */
export async function readAgedReport(
	this: IExecuteFunctions,
	parameters: ParameterReader,
	business: string | undefined,
	ask: AgedAsk,
	beside: (asAt: string) => Promise<ControlAccount | undefined>,
): Promise<AgedRead & { control: ControlAccount | undefined }> {
	const books = await readBooks.call(this, parameters, business);
	const asAt = ask.days.settle(books, ask.today);
	const ledger = LEDGERS[ask.side];
	const first = ask.besideFirst ? await beside(asAt) : undefined;
	const [alongside, items, contacts] = await Promise.all([
		ask.besideFirst ? first : beside(asAt),
		readAgedItems.call(this, parameters, business, {
			ledger,
			asAt,
			today: ask.today,
			ageBy: ask.ageBy,
			includePaymentsOnAccount: ask.includePaymentsOnAccount,
			details: ask.details,
		}),
		ask.contacts
			? readContactDetails.call(this, parameters, business, ledger.contactType)
			: new Map<string, ContactDetails>(),
	]);
	return { asAt, books, report: ageItems(items, asAt, ask.periods), contacts, control: alongside };
}
