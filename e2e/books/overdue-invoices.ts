/**
 * The sales invoices overdue at the end of a day, worked out here from the service's invoices,
 * payments and allocations (read whole with the check's own grant), not from the node's report:
 * every invoice dated up to the day that is not void or a draft, its total less what payments and
 * allocations dated on or before the day settled of it, due before the day.
 */
import { cents } from '../checks/types';
import type { ServiceReader } from '../service-reader';
import { settledByArtefact } from './aged-debtors';

export interface OverdueInvoice {
	id: string;
	number: string;
	date: string;
	dueDate: string;
	/** Whole days from the due date to the day. */
	daysOverdue: number;
	/** What was still open at the end of the day, in cents of the invoice's own currency. */
	outstanding: number;
	currency: string;
	contactId: string;
}

type Ref = { id?: string } | null | undefined;

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) =>
	Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The lead business's sales invoices overdue at the end of `asAt` (or the named business's). */
export async function readOverdueSalesInvoices(
	reader: ServiceReader,
	asAt: string,
	business?: string,
): Promise<OverdueInvoice[]> {
	const payments = await reader.all('/contact_payments?attributes=date,allocated_artefacts', business);
	const allocations = await reader.all('/contact_allocations?attributes=date,allocated_artefacts', business);
	const settled = settledByArtefact([...payments, ...allocations]);
	const invoices = await reader.all(
		'/sales_invoices?attributes=invoice_number,status,date,due_date,total_amount,contact,currency',
		business,
	);
	const overdue: OverdueInvoice[] = [];
	for (const invoice of invoices) {
		if (['VOID', 'DRAFT'].includes(String((invoice.status as Ref)?.id))) continue;
		const date = String(invoice.date);
		const dueDate = String(invoice.due_date ?? invoice.date);
		const id = String(invoice.id);
		const paid = (settled.get(id) ?? []).reduce((sum, part) => sum + (part.date <= asAt ? part.amount : 0), 0);
		const outstanding = cents(invoice.total_amount) - paid;
		const daysOverdue = daysBetween(dueDate, asAt);
		if (date > asAt || daysOverdue <= 0 || outstanding <= 0) continue;
		overdue.push({
			id,
			number: String(invoice.invoice_number),
			date,
			dueDate,
			daysOverdue,
			outstanding,
			currency: String((invoice.currency as Ref)?.id),
			contactId: String((invoice.contact as Ref)?.id),
		});
	}
	return overdue;
}
