import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { listed, type ListedItems } from '../tool/answer';
import { apiRequestAllItems, type ApiRequest, type RequestContext } from '../transport';
import { runItems } from './itemRunner';
import type { ParameterReader } from './parameters';

/**
 * Businesses read at once under All Businesses. Each has its own request budget at the service
 * (and here, state.ts), so reading them side by side multiplies the throughput; a practice with
 * dozens of clients still has at most this many reads under way.
 */
export const BUSINESSES_AT_ONCE = 5;

export interface Business {
	id: string;
	name: string;
}

/** Every business the account reaches, in the service's order (`GET /businesses`, no `X-Business`). */
export async function listBusinesses(
	this: RequestContext,
	request: Pick<ApiRequest, 'retry' | 'pace' | 'itemIndex'>,
): Promise<Business[]> {
	const { body } = await apiRequestAllItems.call(this, { path: '/businesses', ...request });
	return body.map((business) => ({ id: String(business.id), name: String(business.displayed_as ?? business.id) }));
}

/** The columns every item read under All Businesses starts with. */
export const businessColumns = (business: Business) => ({ business_id: business.id, business_name: business.name });

/**
 * A business's read: `business` its id (undefined: the lead), `leading` the columns its items
 * begin with under All Businesses. A read that shapes its rows sets them first as it makes each
 * row and says so (`led`); the items of any other read are copied with the columns put in front.
 */
export type BusinessRead = (business: string | undefined, leading?: IDataObject) => Promise<INodeExecutionData[]>;

/** Items whose rows begin with the `leading` columns they were read with. */
export type LedItems = INodeExecutionData[] & { led?: true };

export const led = <T extends INodeExecutionData[]>(items: T): T & LedItems =>
	Object.assign(items, { led: true as const });

/** The items with the business's columns first: as they came when the read set them, else copied. */
function withColumns(items: LedItems, columns: IDataObject): INodeExecutionData[] {
	if (items.led) return items;
	return items.map((item) => ({ ...item, json: { ...columns, ...item.json } }));
}

/**
 * The error of one business's read, a new one whose message says which business it is. The
 * failure itself is never changed: one failure can reach several businesses at once (a renewal
 * they all waited for), and each item must name its own business only. An n8n error keeps its
 * class and its details (status, description, the service's messages).
 */
function namedError(context: IExecuteFunctions, error: unknown, business: Business, itemIndex: number): Error {
	const prefix = `Business "${business.name}" (${business.id}): `;
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		const named = Object.create(Object.getPrototypeOf(error) as object) as typeof error;
		Object.defineProperties(named, Object.getOwnPropertyDescriptors(error));
		named.message = `${prefix}${error.message}`;
		return named;
	}
	return new NodeOperationError(
		context.getNode(),
		`${prefix}${error instanceof Error ? error.message : String(error)}`,
		{
			itemIndex,
		},
	);
}

/**
 * Runs a read for the chosen business, or, under All Businesses, for every business the account
 * reaches (`GET /businesses`), several at once. The items come grouped by business in the
 * service's order, each beginning with `business_id` and `business_name`. A business whose read
 * fails (access withdrawn, a lapsed subscription) does not hide the others under Continue On
 * Fail: it gives one error item naming it; otherwise the node fails naming it.
 */
export async function acrossBusinesses(
	this: IExecuteFunctions,
	parameters: ParameterReader,
	read: BusinessRead,
): Promise<INodeExecutionData[]> {
	const scope = parameters.businesses();
	if (!scope.all) return await read(scope.id);

	const businesses = await listBusinesses.call(this, parameters.requestScope());
	const continueOnFail = this.continueOnFail();
	const outcomes = await runItems({
		count: businesses.length,
		concurrency: BUSINESSES_AT_ONCE,
		run: async (index) => await read(businesses[index].id, businessColumns(businesses[index])),
		stopOnFailure: !continueOnFail,
	});

	const items: INodeExecutionData[] = [];
	let total = 0;
	for (const [index, outcome] of outcomes.entries()) {
		if (outcome === undefined) continue;
		const business = businesses[index];
		const columns = businessColumns(business);
		if (!outcome.ok) {
			const error = namedError(this, outcome.error, business, parameters.itemIndex);
			if (!continueOnFail) throw error;
			items.push({ json: { ...columns, error: error.message } });
			continue;
		}
		// One push per item: spreading a business's tens of thousands of items as arguments can overflow the stack.
		for (const item of withColumns(outcome.value, columns)) items.push(item);
		total += (outcome.value as ListedItems).listTotal ?? outcome.value.length;
	}
	return listed(items, total);
}
