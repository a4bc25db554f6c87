/**
 * Someone working in the sales invoices of one business, at random: new invoices (some drafts),
 * lines changed, added and removed (amounts move), invoices voided, drafts deleted, and issued
 * invoices deleted. Everything goes through the service's API with a grant of its own, as the
 * service's users write, except the deletion of an issued invoice: the API voids one, so the
 * sandbox's record control plays it (a deletion the service lists under `deleted_since`).
 */
import type { ServiceReader } from '../service-reader';
import type { SandboxView } from './types';

interface Ref {
	id: string;
}

/** A sales invoice as the service lists it with `attributes=all`, the parts read here. */
export interface ServiceInvoice {
	id: string;
	invoice_number: string;
	contact: Ref;
	status: Ref;
	net_amount: number | string;
	tax_amount: number | string;
	total_amount: number | string;
	outstanding_amount: number | string;
	updated_at: string;
	invoice_lines: Array<{
		id: string;
		description: string;
		product: Ref | null;
		ledger_account: Ref;
		tax_rate: Ref | null;
		quantity: number | string;
		unit_price: number | string;
		total_amount: number | string;
	}>;
}

/** A line as a write sends it; its tax amount is worked out from the rate when sent. */
interface Line {
	description: string;
	product_id?: string;
	ledger_account_id: string;
	tax_rate_id: string;
	quantity: number;
	unit_price: number;
}

/** An invoice the books may still change: a draft or an unpaid one, with its lines as last written. */
interface Open {
	id: string;
	draft: boolean;
	lines: Line[];
}

export interface ChangeCounts {
	created: number;
	createdDrafts: number;
	linesChanged: number;
	linesAdded: number;
	linesRemoved: number;
	voided: number;
	draftsDeleted: number;
	issuedDeleted: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export class BookKeeper {
	readonly counts: ChangeCounts = {
		created: 0,
		createdDrafts: 0,
		linesChanged: 0,
		linesAdded: 0,
		linesRemoved: 0,
		voided: 0,
		draftsDeleted: 0,
		issuedDeleted: 0,
	};
	private readonly open: Open[];
	/** Issued invoices nobody will change any more (paid, in dispute): the ones deleted outright. */
	private readonly settled: string[];
	private readonly customers: string[];
	private readonly templates: Array<Omit<Line, 'quantity' | 'unit_price'>>;
	private made = 0;

	private constructor(
		private readonly reader: ServiceReader,
		private readonly sandbox: SandboxView,
		private readonly business: string,
		private readonly random: () => number,
		private readonly taxPercent: Map<string, number>,
		invoices: ServiceInvoice[],
	) {
		const linesOf = (invoice: ServiceInvoice): Line[] =>
			invoice.invoice_lines.map((line) => ({
				description: line.description,
				...(line.product ? { product_id: line.product.id } : {}),
				ledger_account_id: line.ledger_account.id,
				tax_rate_id: line.tax_rate?.id ?? [...taxPercent.keys()][0],
				quantity: Number(line.quantity),
				unit_price: Number(line.unit_price),
			}));
		this.open = invoices
			.filter((invoice) => ['UNPAID', 'DRAFT'].includes(invoice.status.id))
			.map((invoice) => ({ id: invoice.id, draft: invoice.status.id === 'DRAFT', lines: linesOf(invoice) }));
		this.settled = invoices.filter((invoice) => ['PAID', 'DISPUTED'].includes(invoice.status.id)).map((i) => i.id);
		this.customers = [...new Set(invoices.map((invoice) => invoice.contact.id))];
		const templates = new Map<string, Omit<Line, 'quantity' | 'unit_price'>>();
		for (const line of invoices.flatMap(linesOf)) {
			const { quantity: _quantity, unit_price: _price, ...template } = line;
			templates.set(template.description, template);
		}
		this.templates = [...templates.values()];
	}

	/** The business's invoices, customers, products and tax rates, read from the service. */
	static async of(
		reader: ServiceReader,
		sandbox: SandboxView,
		business: string,
		random: () => number,
	): Promise<BookKeeper> {
		const rates = await reader.get<{ $items: Array<{ id: string; percentage: number }> }>(
			'/tax_rates?attributes=percentage&items_per_page=200',
			business,
		);
		const invoices = (await reader.all('/sales_invoices?attributes=all', business)) as unknown as ServiceInvoice[];
		const percent = new Map(rates.$items.map((rate) => [rate.id, Number(rate.percentage)]));
		return new BookKeeper(reader, sandbox, business, random, percent, invoices);
	}

	/** One change, chosen at random among those the books allow now; returns what it did. */
	async change(): Promise<string> {
		const roll = this.random();
		const drafts = this.open.filter((invoice) => invoice.draft);
		const unpaid = this.open.filter((invoice) => !invoice.draft);
		if (roll < 0.3 || this.open.length === 0) return await this.create();
		if (roll < 0.65) return await this.changeLines(this.pick(this.open));
		if (roll < 0.75 && unpaid.length > 0) return await this.void(this.pick(unpaid));
		if (roll < 0.87 && drafts.length > 0) return await this.deleteDraft(this.pick(drafts));
		if (this.settled.length > 0) return this.deleteIssued();
		return await this.create();
	}

	private pick<T>(list: T[]): T {
		return list[Math.floor(this.random() * list.length)];
	}

	private between(low: number, high: number, decimals = 2): number {
		const factor = 10 ** decimals;
		return Math.round((low + this.random() * (high - low)) * factor) / factor;
	}

	private newLine(): Line {
		return { ...this.pick(this.templates), quantity: Math.ceil(this.random() * 9), unit_price: this.between(1, 250) };
	}

	private body(lines: Line[]) {
		return lines.map((line) => {
			const net = round2(line.quantity * line.unit_price);
			return { ...line, tax_amount: round2((net * (this.taxPercent.get(line.tax_rate_id) ?? 0)) / 100) };
		});
	}

	private async write(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
		const answer = await this.reader.write(method, path, body, this.business);
		if (answer.status >= 300)
			throw new Error(`the books refused ${method} ${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
		return answer.json;
	}

	private async create(): Promise<string> {
		const draft = this.random() < 0.35;
		const lines = Array.from({ length: 1 + Math.floor(this.random() * 4) }, () => this.newLine());
		const day = new Date(this.sandbox.clock.now()).toISOString().slice(0, 10);
		const created = (await this.write('POST', '/sales_invoices', {
			sales_invoice: {
				contact_id: this.pick(this.customers),
				date: day,
				reference: `MIRROR-${++this.made}`,
				...(draft ? { status_id: 'DRAFT' } : {}),
				invoice_lines: this.body(lines),
			},
		})) as ServiceInvoice;
		this.open.push({ id: created.id, draft, lines });
		this.counts.created++;
		if (draft) this.counts.createdDrafts++;
		return `created ${created.invoice_number}${draft ? ' (draft)' : ''} with ${lines.length} lines`;
	}

	/** Amounts of one line change; a line may be added, another removed: the lines are sent whole. */
	private async changeLines(invoice: Open): Promise<string> {
		const lines = invoice.lines.map((line) => ({ ...line }));
		const what: string[] = [];
		const changed = this.pick(lines);
		changed.quantity = Math.ceil(this.random() * 9);
		changed.unit_price = this.between(1, 250);
		what.push('amounts');
		if (lines.length > 1 && this.random() < 0.4) {
			lines.splice(Math.floor(this.random() * lines.length), 1);
			this.counts.linesRemoved++;
			what.push('a line removed');
		}
		if (this.random() < 0.4) {
			lines.push(this.newLine());
			this.counts.linesAdded++;
			what.push('a line added');
		}
		const written = (await this.write('PUT', `/sales_invoices/${invoice.id}`, {
			sales_invoice: { invoice_lines: this.body(lines) },
		})) as ServiceInvoice;
		invoice.lines = lines;
		this.counts.linesChanged++;
		return `${written.invoice_number}: ${what.join(', ')} (${lines.length} lines)`;
	}

	/** DELETE of an issued invoice voids it: a change (status Void, nothing outstanding), not a deletion. */
	private async void(invoice: Open): Promise<string> {
		const voided = (await this.write(
			'DELETE',
			`/sales_invoices/${invoice.id}?void_reason=${encodeURIComponent('Issued by mistake')}`,
		)) as ServiceInvoice;
		this.open.splice(this.open.indexOf(invoice), 1);
		this.counts.voided++;
		return `${voided.invoice_number} voided`;
	}

	private async deleteDraft(invoice: Open): Promise<string> {
		await this.write('DELETE', `/sales_invoices/${invoice.id}`);
		this.open.splice(this.open.indexOf(invoice), 1);
		this.counts.draftsDeleted++;
		return `draft ${invoice.id} deleted`;
	}

	private deleteIssued(): string {
		const id = this.settled.splice(Math.floor(this.random() * this.settled.length), 1)[0];
		this.sandbox.dataset.deleteRecord(this.business, 'sales_invoices', id);
		this.counts.issuedDeleted++;
		return `issued invoice ${id} deleted`;
	}
}
