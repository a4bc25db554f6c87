// What every n8n editor downloads for the package: the node's and the trigger's descriptions, as
// n8n serves them (JSON). Measured in bytes, not time (bench/RESULTS.md has the editor's time).
import type { INodeTypeDescription } from 'n8n-workflow';

import { AccountingService } from '../../nodes/AccountingService/AccountingService.node';
import { AccountingServiceTrigger } from '../../nodes/AccountingServiceTrigger/AccountingServiceTrigger.node';

/**
 * The most the node's and the trigger's descriptions may weigh together, each counted once as
 * `JSON.stringify` gives it (issue 43). n8n serves the node a second time as its AI tool variant
 * (`accountingServiceTool`, the same properties and two more), so an editor downloads the node's
 * part twice: docs/development.md, "The description's weight".
 */
const MAX_DESCRIPTIONS_BYTES = 350_000;

const bytes = (description: INodeTypeDescription) => Buffer.byteLength(JSON.stringify(description), 'utf8');

describe('the descriptions an editor downloads', () => {
	it(`the node's and the trigger's together are at most ${MAX_DESCRIPTIONS_BYTES.toLocaleString('en')} bytes of JSON`, () => {
		const node = bytes(new AccountingService().description);
		const trigger = bytes(new AccountingServiceTrigger().description);
		expect(node + trigger).toBeLessThanOrEqual(MAX_DESCRIPTIONS_BYTES);
	});
});
