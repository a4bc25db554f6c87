// Run in a child process by test/node/reads-moving/hostile-pages.ts, with a small heap: a Return
// All against a real HTTP server whose first page claims `$total` = argv[2] (list-read-child.ts
// prints the outcome). When the read allocates by the claimed number the process dies instead.
import { readHostileList } from './list-read-child';

const claimed = Number(process.argv[2]);

void readHostileList((page) => {
	const items = Array.from({ length: 200 }, (_, index) => ({ id: `r${(page - 1) * 200 + index}` }));
	return JSON.stringify({ $total: claimed, $page: page, $next: null, $back: null, $itemsPerPage: 200, $items: items });
});
