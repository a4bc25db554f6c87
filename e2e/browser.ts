import { join } from 'node:path';

import type { Locator, Page } from 'playwright-core';

import { AccountingServiceOAuth2Api } from '../credentials/AccountingServiceOAuth2Api.credentials';
import { launchChromium, signIn } from './chromium';
import { EXAMPLE_CREDENTIAL, REPO_ROOT } from './config';
import { info } from './log';

const STEP_TIMEOUT = 30_000;
const WIDE = { width: 1440, height: 900 };
/** The create form with a line is long: a taller window shows it whole. */
const TALL = { width: 1440, height: 1100 };

const testId = (id: string) => `[data-test-id="${id}"]`;

/**
 * The node's name in the node panel, from the package this run built: Node's resolution of the
 * source's `AccountingService.node` finds the node's codex file (`.node.json`) before its `.ts`.
 */
function nodeName(): string {
	const built = join(REPO_ROOT, 'dist', 'nodes', 'AccountingService', 'AccountingService.node.js');
	const { AccountingService } = require(built) as {
		AccountingService: new () => { description: { displayName: string } };
	};
	return new AccountingService().description.displayName;
}

/** The credential type's name, which its form shows. */
const CREDENTIAL_TYPE_NAME = new AccountingServiceOAuth2Api().displayName;
/**
 * n8n names a new credential after its type without "OAuth2 API" ("Sage Accounting account"), the
 * name the examples' credential already has, so the one made in the browser is numbered after it.
 */
const NEW_CREDENTIAL_NAME = `${EXAMPLE_CREDENTIAL.name} 2`;

/** The credential's httpRequestNode, which the node panel lists under its name; found by searching that name. */
const HTTP_REQUEST_ENTRY = new AccountingServiceOAuth2Api().httpRequestNode as { name: string; apiBaseUrl: string };
const CUSTOM_CALL_SEARCH = HTTP_REQUEST_ENTRY.name;
const CUSTOM_CALL_ENTRY = HTTP_REQUEST_ENTRY.name;
const PRODUCTION_BASE_URL = HTTP_REQUEST_ENTRY.apiBaseUrl;

/** The node panel's search field: the test id sits on the input itself or on its wrapper, depending on n8n's version. */
const SEARCH = `input${testId('node-creator-search-bar')}, ${testId('node-creator-search-bar')} input`;

export interface Screenshot {
	file: string;
	what: string;
}

/** What a person types into a new credential to use the sandbox (its demo client holds no secret). */
export interface SandboxConnection {
	authUrl: string;
	tokenUrl: string;
	baseUrl: string;
	revokeUrl: string;
	clientId: string;
	clientSecret: string;
}

/**
 * What a user does the first time: signs in, starts a workflow, finds the node by searching
 * "Sage", looks at its actions, adds "Get many sales invoices", opens the Resource list, looks at
 * the business list (served by the sandbox through the node's list search), chooses Output:
 * Select Included Fields and a few columns from its Column Names or IDs list, opens a new credential, points
 * it at the sandbox and connects it through n8n's own OAuth2 flow (PKCE, the consent page in a
 * popup); then the custom API call: the credential's HTTP Request entry in the node panel and
 * the node it adds; an imported example; last a new node creating a sales invoice, its Fields
 * mapper and one line built with the pickers; then Download PDF of an invoice and its binary
 * output; last the examples' reports (REPORT_OUTPUTS), each run from its form, its output in
 * the output panel as a table — a screenshot at each stop.
 * When a step fails, the page as it was is saved next to the logs.
 */
export async function captureEditor(
	url: string,
	sandbox: SandboxConnection,
	docsDir: string,
	failureDir: string,
): Promise<Screenshot[]> {
	const browser = await launchChromium(WIDE);
	const { context } = browser;
	context.setDefaultTimeout(STEP_TIMEOUT);
	const page = await context.newPage();
	const shots: Screenshot[] = [];
	const shoot = async (name: string, what: string, target: Page | Locator = page) => {
		const file = join(docsDir, name);
		await target.screenshot({ path: file });
		shots.push({ file, what });
		info(`screenshot ${name}: ${what}`);
	};
	let stage = 'sign in';
	try {
		await signIn(page, url);

		stage = 'new workflow with a manual trigger';
		await newWorkflow(page, url);

		stage = 'search "Sage" in the node panel';
		await page.click(testId('node-creator-plus-button'));
		await page.locator(SEARCH).first().fill('Sage');
		const result = nodeInPanel(page);
		await result.waitFor();
		await settle(page);
		await shoot('n8n-node-panel-search.png', 'node panel, search "Sage"');
		info(`search "Sage": ${await firstResultsOfSearch(page)}`);

		stage = "the node's actions";
		await result.click();
		await page.getByText('Get many sales invoices', { exact: true }).waitFor();
		await settle(page);
		await shoot('n8n-node-actions.png', "the node's actions, grouped by resource");
		await shoot(
			'actions-panel.png',
			"the Actions panel alone: the node's actions under their resources",
			page.locator(testId('node-creator')),
		);

		stage = 'add "Get many sales invoices"';
		await page.locator(SEARCH).first().fill('sales invoices');
		await page.getByText('Get many sales invoices', { exact: true }).click();
		await page.locator(testId('ndv')).waitFor();
		await page.locator(testId('parameter-input-resource')).waitFor();
		await settle(page);
		await shoot('n8n-get-many-sales-invoices.png', 'parameters of Get Many sales invoices');

		stage = 'the Resource dropdown';
		await page
			.locator(`${testId('parameter-input-resource')} input`)
			.first()
			.click();
		// The open list: its selected option is the current resource.
		await page.locator('.el-select-dropdown__item.selected:visible').first().waitFor();
		await settle(page);
		await shoot('resource-dropdown.png', 'the Resource dropdown opened: the resources, the current one selected');
		await page.keyboard.press('Escape');
		await page.locator('.el-select-dropdown__item.selected:visible').first().waitFor({ state: 'hidden' });

		stage = 'business list (list search against the sandbox)';
		await page.click(`${testId('resource-locator-business')} ${testId('rlc-input')}`);
		await page.getByText('Panadería Núñez y Hermanos, S.L.', { exact: false }).first().waitFor();
		await settle(page);
		await shoot('n8n-business-list.png', 'Business field, From List, read from the sandbox');
		await page.keyboard.press('Escape');

		stage = 'Output: Select Included Fields, the Column Names or IDs list open';
		// Taller, so the list opens below Column Names or IDs and Output stays in sight above it.
		await page.setViewportSize(TALL);
		await chooseOption(page, 'output', 'Select Included Fields');
		await page
			.locator(`${testId('parameter-input-fields')} input`)
			.first()
			.click();
		for (const name of INCLUDED_FIELDS) await pickListOption(page, name);
		// The list back at its top, where most chosen names are ticked; the pointer off it (no hover).
		await page
			.locator('.el-select-dropdown:visible .el-scrollbar__wrap')
			.first()
			.evaluate((list) => list.scrollTo(0, 0));
		await page.mouse.move(TALL.width - 100, 200);
		await settle(page);
		await shoot(
			'n8n-select-included-fields.png',
			`Output: Select Included Fields, its Column Names or IDs list open with ${INCLUDED_FIELDS.join(', ')} chosen (no credential needed)`,
		);
		await page.keyboard.press('Escape');
		await page.setViewportSize(WIDE);

		stage = 'a new credential form';
		await page.click(testId('node-credentials-select'));
		await page.getByText('Create new credential').first().click();
		const modal = page.locator(testId('editCredential-modal'));
		// The dialog itself, without the dimmed editor around it.
		const dialog = page.locator('.el-dialog', { has: page.locator(testId('credential-save-button')) }).first();
		await modal.locator(testId('parameter-input-clientId')).waitFor();
		await settle(page);
		await shoot('n8n-credential-form.png', `a new ${CREDENTIAL_TYPE_NAME} credential, as a user first sees it`, dialog);
		// The form scrolls inside the dialog: its second half is a second picture.
		await modal.locator(testId('parameter-input-revokeUrl')).scrollIntoViewIfNeeded();
		await settle(page);
		await shoot('n8n-credential-form-end.png', 'the same form scrolled to its last fields', dialog);

		stage = "connect the new credential to the sandbox (n8n's OAuth2 flow with PKCE)";
		const fields: Array<[string, string]> = [
			['authUrl', sandbox.authUrl],
			['accessTokenUrl', sandbox.tokenUrl],
			['clientId', sandbox.clientId],
			['clientSecret', sandbox.clientSecret],
			['baseUrl', sandbox.baseUrl],
			['revokeUrl', sandbox.revokeUrl],
		];
		for (const [name, value] of fields)
			await modal
				.locator(`${testId(`parameter-input-${name}`)} input`)
				.first()
				.fill(value);
		const popup = context.waitForEvent('page');
		await page.locator(testId('oauth-not-connected-banner')).getByRole('button', { name: 'Connect' }).click();
		const consent = await popup;
		await consent.getByRole('button', { name: 'Allow' }).click();
		// Opened from a node, n8n closes the dialog once connected and selects the new credential.
		await modal.waitFor({ state: 'hidden' });
		await page.waitForFunction(
			([selector, name]) => (document.querySelector(selector) as HTMLInputElement | null)?.value === name,
			[`${testId('node-credentials-select')} input`, NEW_CREDENTIAL_NAME] as const,
		);
		await page.click(testId('credential-edit-button'));
		await modal.locator(testId('oauth-connect-success-banner')).waitFor();
		await settle(page);
		await shoot(
			'n8n-credential-connected.png',
			'the new credential after Connect and Allow on the sandbox consent page',
			dialog,
		);

		stage = 'the node on the canvas';
		await dialog.locator('.el-dialog__headerbtn, button[aria-label="Close this dialog"]').first().click();
		await modal.waitFor({ state: 'hidden' });
		await page.click(testId('ndv-close-button'));
		await page.locator(testId('ndv')).waitFor({ state: 'hidden' });
		// The "credential created" toast would cover the canvas.
		for (const close of await page.locator('.el-notification__closeBtn').all())
			await close.click().catch(() => undefined);
		await settle(page);
		await shoot('n8n-canvas.png', 'the workflow with the node on the canvas');

		stage = "the custom API call entry (the credential's httpRequestNode) in the node panel";
		await page.click(testId('node-creator-plus-button'));
		await page.locator(SEARCH).first().fill(CUSTOM_CALL_SEARCH);
		const entry = page
			.locator(testId('item-iterator-item'), { hasText: CUSTOM_CALL_ENTRY })
			.filter({ hasText: 'HTTP request' })
			.first();
		await entry.waitFor();
		await settle(page);
		await shoot(
			'n8n-custom-api-call-entry.png',
			`node panel, search "${CUSTOM_CALL_SEARCH}": the HTTP Request entry for its credential`,
		);

		stage = 'an HTTP Request node from that entry';
		await entry.click();
		await page.locator(testId('ndv')).waitFor();
		// n8n's notice with the credential's docsUrl, the URL prefilled with its apiBaseUrl, the credential chosen.
		await page.getByText(`${CUSTOM_CALL_ENTRY} docs`).first().waitFor();
		await page.waitForFunction(
			([selector, base]) =>
				Array.from(document.querySelectorAll(selector)).some((element) =>
					((element as HTMLInputElement).value ?? element.textContent ?? '').includes(base),
				),
			[
				`${testId('parameter-input-url')} input, ${testId('parameter-input-url')} textarea, ${testId('parameter-input-url')} .cm-content`,
				PRODUCTION_BASE_URL,
			] as const,
		);
		await page.waitForFunction(
			([selector, name]) =>
				((document.querySelector(selector) as HTMLInputElement | null)?.value ?? '').startsWith(name),
			[`${testId('node-credentials-select')} input`, EXAMPLE_CREDENTIAL.name] as const,
		);
		await settle(page);
		await shoot(
			'n8n-custom-api-call-node.png',
			'the HTTP Request node it adds: the credential chosen, the URL starting at the base URL',
		);

		stage = 'an imported example';
		await page.goto(`${url}/workflow/acctSalesInvoicesCsv`);
		await page.locator(testId('canvas-node')).first().waitFor();
		await page.click(testId('zoom-to-fit'));
		await settle(page);
		await shoot('n8n-example-sales-invoices.png', 'examples/sales-invoices-to-spreadsheet.json with its sticky note');

		stage = 'Create a sales invoice: the Fields mapper';
		// Taller, so the whole form (and then the whole line) fits without scrolling inside the panel.
		await page.setViewportSize(TALL);
		await newWorkflow(page, url);
		await addAction(page, 'create sales invoice', 'Create a sales invoice');
		// The mapper's fields come from the node's getWriteFields: the required ones are shown.
		const mapper = page.locator(testId('resource-mapper-container'));
		await mapper.getByText('Contact ID', { exact: true }).waitFor();
		await settle(page);
		await shoot(
			'n8n-create-sales-invoice.png',
			'Create a sales invoice: the Fields mapper with its required attributes, the empty Lines',
		);

		stage = 'Create a sales invoice: one line, its pickers read from the sandbox';
		const date = mapper.locator('input[placeholder="Select date and time"]');
		await date.fill('2025-06-20 00:00:00');
		await date.press('Enter');
		const lines = page.locator(testId('fixed-collection-lines'));
		await lines.getByRole('button', { name: 'Add Line' }).click();
		await lines
			.locator(`${testId('parameter-input-description')} input, ${testId('parameter-input-description')} textarea`)
			.first()
			.fill('Whole beans, 250 g bags');
		const pick = async (parameter: string, text: string) => {
			await lines.locator(`${testId(`resource-locator-${parameter}`)} ${testId('rlc-input')}`).click();
			const item = page.locator(`${testId('rlc-item')}:visible`, { hasText: text }).first();
			await item.click();
			await item.waitFor({ state: 'hidden' });
		};
		await pick('product', 'COF-0001');
		await pick('ledgerAccount', '(4000)');
		await lines.locator(`${testId('parameter-input-quantity')} input`).fill('2');
		await lines.locator(`${testId('parameter-input-unitPrice')} input`).fill('12.5');
		await pick('taxRate', 'Standard');
		// From the mapper's Date down to the end of the line; the pointer off the form (no hover toolbar).
		await mapper.getByText('Date', { exact: true }).evaluate((element) => element.scrollIntoView({ block: 'start' }));
		await page.mouse.move(TALL.width - 100, TALL.height - 200);
		await settle(page);
		await shoot(
			'n8n-create-sales-invoice-lines.png',
			"Create a sales invoice: one line with product, ledger account and tax rate picked from the sandbox's lists",
		);
		await page.setViewportSize(WIDE);

		stage = 'Download PDF of a sales invoice: its binary output';
		await newWorkflow(page, url);
		await addAction(page, 'sales invoice as PDF', 'Download a sales invoice as PDF');
		// The first invoice of the business, picked from the list the sandbox serves.
		await page.locator(`${testId('resource-locator-id')} ${testId('rlc-input')}`).click();
		const invoice = page.locator(`${testId('rlc-item')}:visible`).first();
		await invoice.click();
		await invoice.waitFor({ state: 'hidden' });
		await page.click(testId('node-execute-button'));
		const output = page.locator(testId('output-panel'));
		await output.getByText('.pdf').first().waitFor();
		await page.mouse.move(WIDE.width - 40, WIDE.height - 40);
		await settle(page);
		await shoot(
			'n8n-download-pdf-output.png',
			'Download PDF of a sales invoice: the PDF in the binary output (file name from its number, application/pdf)',
		);

		for (const report of REPORT_OUTPUTS) {
			stage = `${report.node} in example ${report.workflowId}: its output as a table`;
			await showReportTable(page, url, report);
			await shoot(report.file, report.what);
		}
		return shots;
	} catch (error) {
		const failure = join(failureDir, 'browser-failure.png');
		await page.screenshot({ path: failure }).catch(() => undefined);
		throw new Error(`browser, at "${stage}": ${(error as Error).message.split('\n')[0]} (page saved as ${failure})`);
	} finally {
		await browser.close();
	}
}

/** A report node of an example, run from its form in the editor: its output as n8n's table, saved as `file`. */
export interface ReportOutput {
	workflowId: string;
	node: string;
	/** Text the output shows once the report is there. */
	shows: string;
	/** The column the table is scrolled to, when the interesting ones are further right than the panel is wide. */
	firstColumn?: string;
	/** The window, when the table needs another than TABLE_VIEW to show whole. */
	viewport?: { width: number; height: number };
	file: string;
	what: string;
}

/** The reports' outputs shown in docs/, each taken from the example that runs the report. */
export const REPORT_OUTPUTS: ReportOutput[] = [
	{
		workflowId: 'acctMonthlyReportXlsx',
		node: 'Profit and Loss, last month',
		shows: 'Net Profit',
		file: 'n8n-report-profit-and-loss.png',
		what: 'Profit and Loss of a month: one row per account, the subtotals and totals, in the output panel',
	},
	{
		workflowId: 'acctTwelveMonthTrend',
		node: 'Profit and Loss, last 12 months',
		shows: 'Net Profit',
		file: 'n8n-report-twelve-month-table.png',
		what: 'Profit and Loss of twelve months split by month, beside the same months last year: Output Table, one row per account, a column per month with its comparison, change and change in percent',
	},
	{
		workflowId: 'acctCreditControl',
		node: 'Aged Debtors, as at yesterday',
		shows: 'sales_invoice',
		// From the customer on: its e-mail, credit terms, the dates, days overdue, bucket and amounts.
		firstColumn: 'contact_name',
		file: 'n8n-report-aged-debtors-documents.png',
		what: 'Aged Debtors, Output Documents: one row per open item with its customer, due date, days overdue, bucket and what is outstanding',
	},
	{
		workflowId: 'acctManagementPack',
		node: 'Cash flow forecast, 13 weeks',
		shows: 'Closing',
		// Wide enough for all 13 weeks and the total; the table is six rows high.
		viewport: { width: 2280, height: 700 },
		file: 'n8n-report-cash-flow-forecast.png',
		what: 'Cash Flow Forecast of 13 weeks, Output Table: opening, receipts, payments, adjustments, net and closing, a column per week',
	},
	{
		workflowId: 'acctManagementPack',
		node: 'Key figures against the month before',
		shows: 'Debtor days',
		// Tall enough for all 14 figures.
		viewport: { width: 1920, height: 960 },
		file: 'n8n-report-key-figures.png',
		what: 'Key Figures of a month against the month before, Output Rows: each figure, its value, the compared value, the change and the change in percent',
	},
];

/**
 * The report outputs of the examples `workflowIds` (a run of a few checks), each in a browser of
 * its own; the full run takes them all at the end of captureEditor.
 */
export async function captureReportOutputs(
	url: string,
	workflowIds: string[],
	docsDir: string,
	failureDir: string,
): Promise<Screenshot[]> {
	const shots: Screenshot[] = [];
	for (const report of REPORT_OUTPUTS.filter((candidate) => workflowIds.includes(candidate.workflowId))) {
		shots.push(
			await captureOnePage(
				url,
				report.viewport ?? TABLE_VIEW,
				{ label: `${report.node} in ${report.workflowId}`, failureFile: 'report-output-failure.png' },
				join(docsDir, report.file),
				failureDir,
				async (page) => {
					await showReportTable(page, url, report);
					return report.what;
				},
			),
		);
	}
	return shots;
}

/** A report node of an example run from its form, its items shown as n8n's table, the output panel widened. */
async function showReportTable(page: Page, url: string, example: ReportOutput): Promise<void> {
	// Wider, and the form pushed to the left, so that as many columns of the report as fit show.
	const viewport = example.viewport ?? TABLE_VIEW;
	await page.setViewportSize(viewport);
	await page.goto(`${url}/workflow/${example.workflowId}`);
	// The node named exactly so (a sticky note may mention it), every node in sight first.
	const node = page
		.locator(testId('canvas-node'))
		.filter({ has: page.getByText(example.node, { exact: true }) })
		.first();
	await node.waitFor();
	await page.click(testId('zoom-to-fit'));
	await settle(page);
	await node.dblclick();
	await page.locator(testId('ndv')).waitFor();
	await page.click(testId('node-execute-button'));
	const reportOutput = page.locator(testId('output-panel'));
	// The panel opens in the view last chosen in this browser (Schema after the PDF): the rows show as a table.
	await reportOutput
		.getByText(/^\d+ items$/)
		.first()
		.waitFor();
	await reportOutput.getByText('Table', { exact: true }).first().click();
	await reportOutput.getByText(example.shows, { exact: true }).first().waitFor();
	await dragPanelsTo(page, REPORT_FORM_LEFT);
	if (example.firstColumn)
		await reportOutput
			.locator('th', { hasText: example.firstColumn })
			.first()
			.evaluate((header) => header.scrollIntoView({ inline: 'start', block: 'nearest' }));
	for (const close of await page.locator('.el-notification__closeBtn').all())
		await close.click().catch(() => undefined);
	await page.mouse.move(viewport.width - 40, viewport.height - 40);
	await settle(page);
}
/** Where the node form's left edge goes: the input panel narrowed to its icons, the output panel widened. */
const REPORT_FORM_LEFT = 200;

/** Drags the node form (its handle on top) sideways to `x`, as a person widens the output panel. */
async function dragPanelsTo(page: Page, x: number): Promise<void> {
	const handle = await page.locator(testId('panel-drag-button')).boundingBox();
	if (!handle) throw new Error("the node form's drag handle is not on the page");
	const y = handle.y + handle.height / 2;
	await page.mouse.move(handle.x + handle.width / 2, y);
	await page.mouse.down();
	await page.mouse.move(x, y, { steps: 10 });
	await page.mouse.up();
}

/** The columns the Column Names or IDs screenshot chooses, in this order: a sheet's everyday header. */
const INCLUDED_FIELDS = ['invoice_number', 'contact_name', 'due_date', 'total_amount'];

/** An option of a node's Options parameter chosen from its list. */
async function chooseOption(page: Page, parameter: string, option: string): Promise<void> {
	await page
		.locator(`${testId(`parameter-input-${parameter}`)} input`)
		.first()
		.click();
	await pickListOption(page, option);
	await page.locator('.el-select-dropdown__item:visible').first().waitFor({ state: 'hidden' });
}

/** The open list's option whose text is exactly `text`, clicked. */
async function pickListOption(page: Page, text: string): Promise<void> {
	await page
		.locator('.el-select-dropdown__item:visible')
		.filter({ has: page.getByText(text, { exact: true }) })
		.first()
		.click();
}

/**
 * The node's entry in the node panel: the item titled exactly with its name, not the trigger's
 * or the credential's HTTP Request entry, whose names begin the same.
 */
function nodeInPanel(page: Page): Locator {
	return page
		.locator(testId('item-iterator-item'))
		.filter({ has: page.getByText(nodeName(), { exact: true }) })
		.first();
}

/** The titles of the node panel's first results, in n8n's order, for the log. */
async function firstResultsOfSearch(page: Page, count = 4): Promise<string> {
	const items = await page.locator(testId('item-iterator-item')).all();
	const titles = [];
	for (const item of items.slice(0, count)) titles.push((await item.innerText()).split('\n')[0].trim());
	return titles.map((title) => `"${title}"`).join(', ');
}

/** A new workflow with a manual trigger on the canvas. */
async function newWorkflow(page: Page, url: string): Promise<void> {
	await page.goto(`${url}/workflow/new`);
	await page.click(testId('node-creator-plus-button'));
	await page.locator(SEARCH).first().fill('Manual Trigger');
	await page.locator(testId('item-iterator-item'), { hasText: 'Manual Trigger' }).first().click();
	await page.locator(testId('canvas-trigger-node')).waitFor();
}

/** One of the node's actions added after the trigger, found as a user finds it; its panel open. */
async function addAction(page: Page, search: string, action: string): Promise<void> {
	await page.click(testId('node-creator-plus-button'));
	await page.locator(SEARCH).first().fill('Sage');
	await nodeInPanel(page).click();
	await page.locator(SEARCH).first().fill(search);
	await page.getByText(action, { exact: true }).click();
	await page.locator(testId('ndv')).waitFor();
}

/** Panel animations and lazily loaded icons finish before a screenshot; n8n's open push connection rules out waiting for network idle. */
async function settle(page: Page): Promise<void> {
	await page.waitForTimeout(800);
}

/** Playwright's first line says what timed out; its call log's last lines, what it was waiting for. */
function firstLines(error: Error): string {
	// The call log is coloured for a terminal.
	const lines = error.message.replace(/\u001b\[[0-9;]*m/g, '').split('\n');
	return [
		lines[0],
		...lines
			.slice(1)
			.filter((line) => line.trim())
			.slice(-3),
	]
		.map((line) => line.trim())
		.join(' / ');
}

/** A table's columns are wide: more of them fit a wider window. */
const TABLE_VIEW = { width: 1920, height: 880 };

/**
 * One page of the editor signed in, saved as `file` once `show` has brought it to the state to
 * show; `show` says what the picture shows. A failed step leaves the page in `failureDir`.
 */
async function captureOnePage(
	url: string,
	viewport: { width: number; height: number },
	where: { label: string; failureFile: string },
	file: string,
	failureDir: string,
	show: (page: Page) => Promise<string>,
): Promise<Screenshot> {
	const browser = await launchChromium(viewport);
	const page = await browser.context.newPage();
	page.setDefaultTimeout(STEP_TIMEOUT);
	try {
		await signIn(page, url);
		const what = await show(page);
		await page.mouse.move(viewport.width - 40, viewport.height - 40);
		await settle(page);
		await page.screenshot({ path: file });
		info(`screenshot ${file}: ${what}`);
		return { file, what };
	} catch (error) {
		const failure = join(failureDir, where.failureFile);
		await page.screenshot({ path: failure }).catch(() => undefined);
		throw new Error(`browser, at ${where.label}: ${firstLines(error as Error)} (page saved as ${failure})`);
	} finally {
		await browser.close();
	}
}

/**
 * A Data Table as a person opens it in n8n (Overview → Data tables → the table): its first page
 * of rows as the editor lists them, once the view counts `rows` rows.
 */
export async function captureDataTable(
	url: string,
	table: { projectId: string; id: string; name: string },
	rows: number,
	file: string,
	failureDir: string,
): Promise<Screenshot> {
	const label = `the Data Table "${table.name}"`;
	return await captureOnePage(
		url,
		TABLE_VIEW,
		{ label, failureFile: 'data-table-failure.png' },
		file,
		failureDir,
		async (page) => {
			await page.goto(`${url}/projects/${table.projectId}/datatables/${table.id}`);
			await page.locator(testId('data-table-details-view')).waitFor();
			await page.getByText(`Total ${rows}`, { exact: true }).first().waitFor();
			return `${label} in n8n's Data tables view`;
		},
	);
}

/** An imported workflow on the canvas, zoomed to fit. */
export async function captureWorkflow(
	url: string,
	workflowId: string,
	file: string,
	failureDir: string,
	/** A node whose form to open over the canvas next, and where that screenshot goes (one browser for both). */
	openNode?: { name: string; file: string },
): Promise<Screenshot> {
	const label = `workflow ${workflowId}`;
	return await captureOnePage(
		url,
		WIDE,
		{ label, failureFile: 'workflow-failure.png' },
		openNode?.file ?? file,
		failureDir,
		async (page) => {
			await page.goto(`${url}/workflow/${workflowId}`);
			await page.locator(testId('canvas-node')).first().waitFor();
			await page.click(testId('zoom-to-fit'));
			if (!openNode) return `${label} on the canvas`;
			await settle(page);
			await page.screenshot({ path: file });
			info(`screenshot ${file}: ${label} on the canvas`);
			await page.locator(testId('canvas-node'), { hasText: openNode.name }).first().dblclick();
			await page.locator(testId('ndv')).waitFor();
			await page.locator(testId('parameter-input-resource')).waitFor();
			return `${label}, the form of ${openNode.name}`;
		},
	);
}
