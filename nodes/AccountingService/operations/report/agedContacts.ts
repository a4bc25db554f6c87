import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ParameterReader } from '../../actions/parameters';
import { toCents } from '../../reports/money';
import { apiRequestAllItems } from '../../transport';

/**
 * What the aged reports say of a contact: its name as it stands (a document's copy of it may carry
 * its reference too), how to reach it and its credit terms.
 */
export interface ContactDetails {
	name: string | null;
	reference: string | null;
	/** The contact's e-mail, or its main (accounts) contact person's. */
	email: string | null;
	/** Cents of the contact's currency; null when none is set (0 is none, as Sage shows it). */
	creditLimit: number | null;
	creditDays: number | null;
}

const textOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * Every contact of the ledger's type with its details: one list (⌈contacts ÷ 200⌉ requests), read
 * beside the report's own lists, never a request per contact.
 */
export async function readContactDetails(
	this: IExecuteFunctions,
	parameters: ParameterReader,
	business: string | undefined,
	contactType: 'CUSTOMER' | 'VENDOR',
): Promise<Map<string, ContactDetails>> {
	const { body: contacts } = await apiRequestAllItems.call(this, {
		path: '/contacts',
		qs: {
			contact_type_id: contactType,
			attributes: 'name,reference,email,credit_limit,credit_days,main_contact_person',
		},
		business,
		...parameters.requestScope(),
	});
	return new Map(contacts.map((contact) => [String(contact.id), contactDetails(contact)]));
}

export function contactDetails(contact: IDataObject): ContactDetails {
	const limit = toCents(contact.credit_limit);
	const days = contact.credit_days;
	return {
		name: textOf(contact.name),
		reference: textOf(contact.reference),
		email: textOf(contact.email) ?? textOf((contact.main_contact_person as IDataObject | null | undefined)?.email),
		creditLimit: limit === undefined || limit === 0 ? null : limit,
		creditDays: typeof days === 'number' && Number.isFinite(days) ? days : null,
	};
}

/** Whether what the contact owes is above its credit limit; false when it has none. */
export const overCreditLimit = (total: number, details: ContactDetails | undefined) =>
	details?.creditLimit != null && total > details.creditLimit;
