import type { IDataObject } from 'n8n-workflow';

import { elementWord } from './attributes';

/**
 * How a record the service holds differs from what a write sent, for the attributes the write
 * sent: the service answers a repeated `idempotency_id` with its first answer, whatever the
 * repeat carries, so what it answered is compared with what was meant. An attribute sent as
 * `contact_id` is read back as `contact.id`, a list of IDs (`contact_type_ids`) as the IDs of
 * `contact_types`; lines are compared line by line. What the record does not show is not compared.
 */
export function contentDifferences(sent: IDataObject, stored: IDataObject, inside = ''): string[] {
	const differences: string[] = [];
	for (const [name, value] of Object.entries(sent)) {
		if (value === undefined || value === null || name === 'idempotency_id') continue;
		const where = inside ? `${inside} "${name}"` : name;
		const held = storedValue(stored, name);
		if (held === undefined) continue;
		if (Array.isArray(value)) differences.push(...listDifferences(name, value, held, where));
		else if (typeof value === 'object') {
			if (held && typeof held === 'object' && !Array.isArray(held))
				differences.push(...contentDifferences(value as IDataObject, held as IDataObject, where));
		} else if (!sameValue(value, held)) {
			differences.push(`${where}: ${shown(value)} here, ${shown(held)} in the record`);
		}
	}
	return differences;
}

/** The record's value of a sent attribute: its own, or the ID(s) of the reference it names. */
function storedValue(stored: IDataObject, name: string): unknown {
	if (name in stored) return stored[name];
	const single = /^(.+)_id$/.exec(name)?.[1];
	if (single && single in stored) return (stored[single] as IDataObject | null)?.id ?? null;
	const many = /^(.+)_ids$/.exec(name)?.[1];
	if (many && `${many}s` in stored) {
		const references = stored[`${many}s`];
		return Array.isArray(references) ? references.map((reference) => (reference as IDataObject)?.id) : undefined;
	}
	return undefined;
}

function listDifferences(name: string, sent: unknown[], held: unknown, where: string): string[] {
	if (!Array.isArray(held)) return [];
	if (sent.every((entry) => entry && typeof entry === 'object')) {
		const word = elementWord(name);
		if (sent.length !== held.length) {
			return [`${where}: ${sent.length} ${word}s here, ${held.length} in the record`];
		}
		return sent.flatMap((entry, index) =>
			contentDifferences(entry as IDataObject, (held[index] ?? {}) as IDataObject, `${name} ${word} ${index + 1}:`),
		);
	}
	const ids = (list: unknown[]) => list.map((entry) => String(entry).trim()).sort();
	return ids(sent).join(',') === ids(held).join(',')
		? []
		: [`${where}: ${sent.map(shown).join(', ')} here, ${held.map(shown).join(', ')} in the record`];
}

const asNumber = (value: unknown) =>
	typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;

function sameValue(sent: unknown, held: unknown): boolean {
	if (typeof sent === 'number' || typeof held === 'number') return asNumber(sent) === asNumber(held);
	if (typeof sent === 'string' && typeof held === 'string') return sent.trim() === held.trim();
	return sent === held;
}

const shown = (value: unknown) => (typeof value === 'string' ? `"${value}"` : (JSON.stringify(value) ?? 'nothing'));
