import { sleep } from '../wait';

/** The parts of the in-process sandbox (plain JS) that play someone working in the books. */
export interface SandboxBooks {
	dataset: {
		leadBusinessId: string;
		createRecord(business: string, collection: string): { id: string; updated_at: string };
		updateRecord(
			business: string,
			collection: string,
			id: string,
			fields: Record<string, unknown>,
		): { id: string; updated_at: string };
	};
}

/**
 * Sales invoices changing while the load runs: the load's own invoices (`noteInvoice`), and every
 * `everyMs` someone in the books creates one or edits one made earlier. `lastChange` holds the
 * state each record is in at the end, by id: what a "new or updated" trigger must have put out.
 */
export class BookChanges {
	readonly lastChange = new Map<string, string>();
	private running = true;
	private loop: Promise<void> | undefined;

	constructor(private readonly sandbox: SandboxBooks) {}

	/** A repeated order may answer with the invoice as first created, older than an edit since. */
	noteInvoice(invoice: { id: string; updatedAt: string }): void {
		const known = this.lastChange.get(invoice.id);
		if (known === undefined || Date.parse(known) < Date.parse(invoice.updatedAt))
			this.lastChange.set(invoice.id, invoice.updatedAt);
	}

	start(everyMs: number): void {
		const business = this.sandbox.dataset.leadBusinessId;
		this.loop = (async () => {
			for (let turn = 0; this.running; turn++) {
				const known = [...this.lastChange.keys()];
				const changed =
					turn % 2 === 1 && known.length > 0
						? this.sandbox.dataset.updateRecord(business, 'sales_invoices', known[turn % known.length], {
								notes: `edited in the books, turn ${turn}`,
							})
						: this.sandbox.dataset.createRecord(business, 'sales_invoices');
				this.lastChange.set(changed.id, changed.updated_at);
				await sleep(everyMs);
			}
		})();
	}

	async stop(): Promise<void> {
		this.running = false;
		await this.loop;
	}
}
