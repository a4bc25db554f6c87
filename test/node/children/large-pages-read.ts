// Run in a child process by test/node/hostile-hunt/read-bytes.ts, with a small heap: a Return All
// against a real HTTP server whose list claims 1,000,000 records (the most a read accepts) in pages
// of 200 records of about 20 KB each, every page well within the size bound of one answer
// (list-read-child.ts prints the outcome). When nothing bounds the bytes of the read as a whole,
// the process dies.
import { useRequestBounds } from '../../../nodes/AccountingService/transport/bounds';
import { readHostileList } from './list-read-child';

const MiB = 1024 * 1024;
const NOTES = 'n'.repeat(20_000);

// The bound a read as a whole keeps (argv[2], in MiB), shrunk to fit this child's heap.
useRequestBounds({ readBytes: Number(process.argv[2]) * MiB });

void readHostileList((page) => {
	const items = Array.from(
		{ length: 200 },
		(_, index) => `{"id":"r${(page - 1) * 200 + index}","notes":"${NOTES}"}`,
	).join(',');
	return `{"$total":1000000,"$page":${page},"$next":null,"$back":null,"$itemsPerPage":200,"$items":[${items}]}`;
});
