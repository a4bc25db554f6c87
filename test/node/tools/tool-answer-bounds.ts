// An AI tool's answer within its Answer Size Limit, note included, counting records as the list
// counts them: with One Row per Line, a document's rows are one record, given or left out whole.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useConnectedSandbox } from '../connected-sandbox';
import { answerOf, callTools } from '../tool-sandbox';

const env = useConnectedSandbox();

const answerOfTool = async (parameters: INodeParameters) => {
	const [result] = await callTools(env, { invoices: parameters }, [{ tool: 'invoices', arguments: {} }]);
	return { text: result.answer!, rows: answerOf(result) };
};

/** The rows of each invoice, in the order given. */
const byInvoice = (rows: IDataObject[]) => {
	const invoices: IDataObject[][] = [];
	for (const row of rows) {
		const last = invoices.at(-1);
		if (last && last[0].sales_invoice_id === row.sales_invoice_id) last.push(row);
		else invoices.push([row]);
	}
	return invoices;
};

describe('an answer within its limit, counting records', () => {
	it('the whole answer, its note included, is within the limit when the rows alone fill it', async () => {
		const total = (await env.fetchDirect('/sales_invoices?items_per_page=1')).body.$total as number;
		const getMany = { resource: 'salesInvoice', operation: 'getAll', limit: 200 };
		const whole = (await answerOfTool({ ...getMany, answerCharacters: 100_000 })).rows.slice(0, -1);
		// The first rows that reach 2,000 characters (the least limit) fill the limit exactly, without a note.
		let limit = 2;
		for (const row of whole) {
			limit += JSON.stringify(row).length + 1;
			if (limit >= 2_000) break;
		}

		const { text, rows } = await answerOfTool({ ...getMany, answerCharacters: limit });
		expect(text.length).toBeLessThanOrEqual(limit);
		const note = rows.pop();
		expect(rows).toEqual(whole.slice(0, rows.length));
		expect(note).toEqual({
			note: `${rows.length} of ${total} sales invoices shown; … ${total - rows.length} more; narrow with Filters`,
		});
	});

	it('One Row per Line: a document’s rows count as one record, and are given or left out together', async () => {
		const total = (await env.fetchDirect('/sales_invoices?items_per_page=1')).body.$total as number;
		const lines = { resource: 'salesInvoice', operation: 'getAll', limit: 3, output: 'lines' };
		const whole = await answerOfTool({ ...lines, answerCharacters: 100_000 });
		expect(whole.rows.pop()).toEqual({
			note: `3 of ${total} sales invoices shown; … ${total - 3} more; narrow with Filters`,
		});
		const invoices = byInvoice(whole.rows);
		expect(invoices).toHaveLength(3);
		expect(whole.rows.length).toBeGreaterThan(3);

		// Room for the first two invoices' rows and the note, not for the third invoice.
		const twoNote = { note: `2 of ${total} sales invoices shown; … ${total - 2} more; narrow with Filters` };
		const twoText = JSON.stringify([...invoices[0], ...invoices[1], twoNote]);
		const limit = Math.max(2_000, twoText.length + 5);
		const threeText = JSON.stringify([...invoices.flat(), twoNote]);
		expect(threeText.length).toBeGreaterThan(limit);

		const bounded = await answerOfTool({ ...lines, answerCharacters: limit });
		expect(bounded.text.length).toBeLessThanOrEqual(limit);
		expect(bounded.rows).toEqual([...invoices[0], ...invoices[1], twoNote]);
	});
});
