/**
 * What the tools are asked about, read from the sandbox with the check's own grant: a customer
 * with unpaid invoices whom one word of their name finds among few contacts, those invoices, and
 * an item code to sell.
 */
import type { ServiceReader } from '../service-reader';

interface Ref {
	id: string;
	displayed_as?: string;
}

export interface SandboxInvoice {
	id: string;
	invoice_number: string;
	total_amount: number | string;
	contact: Ref;
}

export interface SandboxFacts {
	contact: { id: string; name: string };
	/** A word of the contact's name that finds it among at most `MAX_SEARCH_MATCHES` contacts. */
	searchWord: string;
	/** Ids of the contact's invoices with status UNPAID. */
	unpaidIds: string[];
	/** One of them. */
	invoice: SandboxInvoice;
	itemCode: string;
}

/** Few enough matches that a default-sized answer holds them all. */
const MAX_SEARCH_MATCHES = 5;
const INVOICE_ATTRIBUTES = 'invoice_number,total_amount,contact';

/** The words the service searches by: runs of letters and digits. */
const wordsOf = (text: string) => text.match(/[\p{L}\p{N}]{3,}/gu) ?? [];

export async function contactSearch(reader: ServiceReader, text: string): Promise<{ total: number; ids: string[] }> {
	const page = await reader.get<{ $total: number; $items: Ref[] }>(
		`/contacts?search=${encodeURIComponent(text)}&items_per_page=200`,
	);
	return { total: page.$total, ids: page.$items.map((contact) => contact.id) };
}

export async function unpaidInvoiceIds(reader: ServiceReader, contactId: string): Promise<string[]> {
	const invoices = await reader.all(`/sales_invoices?contact_id=${contactId}&status_id=UNPAID`);
	return invoices.map((invoice) => String(invoice.id));
}

export async function sandboxFacts(reader: ServiceReader): Promise<SandboxFacts> {
	const unpaid = (await reader.all(
		`/sales_invoices?status_id=UNPAID&attributes=${INVOICE_ATTRIBUTES}`,
	)) as unknown as SandboxInvoice[];
	const byContact = new Map<string, SandboxInvoice[]>();
	for (const invoice of unpaid)
		byContact.set(invoice.contact.id, [...(byContact.get(invoice.contact.id) ?? []), invoice]);
	for (const [contactId, invoices] of byContact) {
		const contact = await reader.get<{ id: string; name: string }>(`/contacts/${contactId}`);
		for (const word of wordsOf(contact.name)) {
			const found = await contactSearch(reader, word);
			if (found.total > MAX_SEARCH_MATCHES || !found.ids.includes(contactId)) continue;
			const products = await reader.get<{ $items: Array<{ item_code?: string | null }> }>(
				'/products?attributes=item_code&items_per_page=50',
			);
			const itemCode = products.$items.map((product) => product.item_code).find((code) => !!code);
			if (!itemCode) throw new Error('the sandbox has no product with an item code');
			return {
				contact: { id: contact.id, name: contact.name },
				searchWord: word,
				unpaidIds: await unpaidInvoiceIds(reader, contactId),
				invoice: invoices[0],
				itemCode,
			};
		}
	}
	throw new Error(
		`no contact with unpaid sales invoices is found by a word of their name among ≤ ${MAX_SEARCH_MATCHES}`,
	);
}
