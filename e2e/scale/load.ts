import type { ServiceReader } from '../service-reader';
import { sleep } from '../wait';
import type { LoadOrder } from './workflows';

export interface LoadPlan {
	/** Webhook calls in all. */
	calls: number;
	/** Spread over this long, in bursts. */
	durationMs: number;
	/** Calls sent at once in each burst. */
	burst: number;
}

/** One order as the caller saw it: every attempt, and the invoice the last one answered with. */
export interface CallOutcome {
	key: string;
	attempts: number;
	/** Why earlier attempts failed (a worker killed under them, say). */
	failures: string[];
	invoice?: { id: string; updatedAt: string; reference: string };
}

/** A caller that gets no answer sends the same order again, with the same key, as a shop's system would. */
const ATTEMPTS = 5;
const ANSWER_TIMEOUT_MS = 150_000;
const RETRY_AFTER_MS = 5_000;

/**
 * Calls the webhook `plan.calls` times, `plan.burst` at once, the bursts spread evenly over
 * `plan.durationMs`. Each order is retried with its own key until the webhook answers with the
 * invoice. `onInvoice` hears of each invoice as soon as it exists.
 */
export async function driveLoad(
	webhookUrl: string,
	plan: LoadPlan,
	orderFor: (index: number) => LoadOrder,
	onInvoice: (invoice: NonNullable<CallOutcome['invoice']>) => void,
): Promise<CallOutcome[]> {
	const bursts = Math.ceil(plan.calls / plan.burst);
	const gapMs = bursts > 1 ? plan.durationMs / (bursts - 1) : 0;
	const started = Date.now();
	const calls: Array<Promise<CallOutcome>> = [];
	for (let burst = 0; burst < bursts; burst++) {
		await sleep(Math.max(0, started + burst * gapMs - Date.now()));
		for (let index = burst * plan.burst; index < Math.min(plan.calls, (burst + 1) * plan.burst); index++) {
			calls.push(callUntilAnswered(webhookUrl, orderFor(index), onInvoice));
		}
	}
	return await Promise.all(calls);
}

async function callUntilAnswered(
	webhookUrl: string,
	order: LoadOrder,
	onInvoice: (invoice: NonNullable<CallOutcome['invoice']>) => void,
): Promise<CallOutcome> {
	const outcome: CallOutcome = { key: order.key, attempts: 0, failures: [] };
	while (outcome.attempts < ATTEMPTS) {
		outcome.attempts++;
		try {
			const response = await fetch(webhookUrl, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(order),
				signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
			});
			const text = await response.text();
			const answer = response.ok ? invoiceIn(text) : undefined;
			if (answer) {
				outcome.invoice = answer;
				onInvoice(answer);
				return outcome;
			}
			outcome.failures.push(`HTTP ${response.status}: ${text.slice(0, 200)}`);
		} catch (error) {
			outcome.failures.push(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
		}
		await sleep(RETRY_AFTER_MS);
	}
	return outcome;
}

function invoiceIn(text: string): CallOutcome['invoice'] {
	try {
		const body = JSON.parse(text) as { id?: unknown; updated_at?: unknown; reference?: unknown };
		if (typeof body.id !== 'string' || typeof body.updated_at !== 'string') return undefined;
		return { id: body.id, updatedAt: body.updated_at, reference: String(body.reference) };
	} catch {
		return undefined;
	}
}

/** A customer with a reference and a product with an item code of the lead business, as orders name them. */
export async function anOrder(reader: ServiceReader): Promise<Pick<LoadOrder, 'customerReference' | 'itemCode'>> {
	const customers = await reader.get<{ $items: Array<{ reference?: string }> }>(
		'/contacts?contact_type_id=CUSTOMER&attributes=reference&items_per_page=20',
	);
	const products = await reader.get<{ $items: Array<{ item_code?: string }> }>(
		'/products?attributes=item_code&items_per_page=20',
	);
	const customerReference = customers.$items.find((contact) => contact.reference)?.reference;
	const itemCode = products.$items.find((product) => product.item_code)?.item_code;
	if (!customerReference || !itemCode) throw new Error('the sandbox has no customer with a reference or no item code');
	return { customerReference, itemCode };
}
