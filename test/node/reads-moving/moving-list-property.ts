// paging.md's invariants for Return All as a property (fast-check) through n8n's engine against
// the sandbox: random creations, edits (moving a record under each Sort the service offers for
// sales invoices), voids and deletions land before random requests of the read — between page
// reads, during the change check, during a second reading. Whatever lands where, every invoice
// present for the whole read is output exactly once, and one created or deleted during it at
// most once; nothing else is output.
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';

const NODE = 'Accounting Service';
const INVOICES = 450;
const env = useConnectedSandbox({ scale: INVOICES });

type Request = { method: string; path: string; query: string };
type Change = { before: number; kind: 'create' | 'edit' | 'redate' | 'void' | 'delete'; pick: number };

const SORTS = [undefined, 'updated_at:asc', 'updated_at:desc', 'date:asc', 'date:desc', 'created_at:desc'] as const;

const change = fc.record<Change>({
	before: fc.integer({ min: 2, max: 9 }),
	kind: fc.constantFrom('create', 'edit', 'redate', 'void', 'delete'),
	// Mostly beside a page boundary (records 200 and 400 in the list's order), where moves hide.
	pick: fc.oneof(fc.integer({ min: 190, max: 210 }), fc.integer({ min: 390, max: 410 }), fc.nat({ max: INVOICES })),
});

it('Return All while records are created, edited, voided and deleted during the read: each present throughout once', async () => {
	const { dataset } = env.sandbox;
	const lead = dataset.leadBusinessId as string;
	await fc.assert(
		fc.asyncProperty(
			fc.constantFrom(...SORTS),
			fc.constantFrom(1, 3),
			fc.array(change, { minLength: 1, maxLength: 6 }),
			async (sort, concurrency, changes) => {
				const query = sort ? `?sort=${encodeURIComponent(sort)}` : '';
				const before = await env.allIdsDirect(`/sales_invoices${query}`);
				const live = [...before];
				const deleted = new Set<string>();
				const created = new Set<string>();
				const apply = ({ kind, pick }: Change) => {
					if (kind === 'create') {
						created.add(String((dataset.createRecord(lead, 'sales_invoices') as IDataObject).id));
						return;
					}
					// `live` is in the list's order at the read's start.
					const id = live[pick % live.length];
					if (kind === 'delete') {
						dataset.deleteRecord(lead, 'sales_invoices', id);
						live.splice(live.indexOf(id), 1);
						deleted.add(id);
					} else if (kind === 'redate') {
						dataset.updateRecord(lead, 'sales_invoices', id, { date: pick % 2 ? '2019-01-01' : '2031-12-31' });
					} else {
						const fields = kind === 'void' ? { void_reason: 'voided while read' } : { notes: `edited ${pick}` };
						dataset.updateRecord(lead, 'sales_invoices', id, fields);
					}
				};
				let requests = 0;
				const stop = env.sandbox.beforeApiRequest((request: Request) => {
					if (request.method !== 'GET' || request.path !== '/sales_invoices') return;
					requests++;
					for (const planned of changes) if (planned.before === requests) apply(planned);
				});
				let output: string[];
				try {
					const result = await env.runNode({
						resource: 'salesInvoice',
						operation: 'getAll',
						returnAll: true,
						output: 'raw',
						options: sort ? { sort } : {},
						requestOptions: { concurrentRequests: concurrency },
					});
					expect(result.error).toBeUndefined();
					output = result.json(NODE).map((item) => item.id as string);
				} finally {
					stop();
				}
				expect(new Set(output).size).toBe(output.length);
				const seen = new Set(output);
				expect(before.filter((id) => !deleted.has(id) && !seen.has(id))).toEqual([]);
				expect(output.filter((id) => !before.includes(id) && !created.has(id))).toEqual([]);
			},
		),
		{ numRuns: 8, seed: Number(process.env.FC_SEED ?? 4849) },
	);
});
