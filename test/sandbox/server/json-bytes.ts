// The bytes a read is answered with (sandbox/api/json-bytes.js, a list's items serialised one by
// one) are exactly those of serialising the whole answer, whatever it holds: characters beyond
// Latin-1 in some items, values JSON has no text for, an envelope whose keys come in another order.
import fc from 'fast-check';

import { jsonBytes } from '../../../sandbox/api/json-bytes';

const whole = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');

const text = fc.oneof(fc.string(), fc.constantFrom('Price list — Café', 'O’Brien', '😀', '\u2028', '"\\'));
const item = fc.oneof(
	fc.dictionary(
		fc.oneof(fc.string(), fc.constant('$items')),
		fc.oneof(text, fc.integer(), fc.double(), fc.constant(null)),
	),
	fc.constantFrom(undefined, null, 0, 'plain', () => 1),
	fc.array(text),
);

test('a list envelope is answered with the bytes of serialising it whole', () => {
	fc.assert(
		fc.property(fc.array(item), fc.option(text), fc.integer(), (items, next, total) => {
			const envelope = { $total: total, $page: 1, $next: next, $back: null, $itemsPerPage: 20, $items: items };
			expect(jsonBytes(envelope).equals(whole(envelope))).toBe(true);
		}),
		{ numRuns: 200 },
	);
});

test('anything else is serialised whole: items not last, not a list, a toJSON of its own', () => {
	const items = [{ name: 'Price list — Café' }, { name: 'plain' }];
	for (const value of [
		{ $items: items, $total: 2 },
		{ $items: 'not a list' },
		{ $total: 0, $items: [] },
		{ toJSON: () => ({ replaced: true }), $items: items },
		{ id: 'a record', displayed_as: 'O’Brien' },
		[items],
		'text',
		null,
	])
		expect(jsonBytes(value).equals(whole(value))).toBe(true);
});
