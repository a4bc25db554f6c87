// The review brief: every read is bounded in pages, records, bytes and time, and one hostile
// service cannot bring the n8n process down. A `$total` within the 1,000,000 records a read
// accepts, in pages each within the 32 MiB one answer may be, still adds up to far more than a
// process holds: the read keeps every page until its last. Run in a child with a small heap.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

describe('the bytes of a whole read', () => {
	// A bound on the answer bytes of one read (all its pages and readings: bounds.ts, readBytes, 1 GiB
	// by default, 48 MiB in the child) stops the read with a clear error naming the list.
	it('are bounded: a clear error naming the list, not a process out of memory', () => {
		const child = spawnSync(
			process.execPath,
			[
				'--max-old-space-size=256',
				'--import',
				'tsx',
				join(__dirname, '../children/large-pages-read.ts'),
				// The bound for the read as a whole, in MiB, within the child's heap.
				'48',
			],
			{ encoding: 'utf8', timeout: 120_000 },
		);
		expect(child.status).toBe(0);
		const outcome = JSON.parse(child.stdout.trim().split('\n').pop() ?? '{}') as {
			error?: string;
			requests: number;
			peakHeapMiB: number;
		};
		expect(outcome.error).toMatch(/\/sales_invoices/);
		expect(outcome.requests).toBeLessThan(5000);
	});
});
