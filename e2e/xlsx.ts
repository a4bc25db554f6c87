import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { expect } from './checks/types';

interface XlsxModule {
	read(data: Buffer): { SheetNames: string[]; Sheets: Record<string, unknown> };
	utils: { sheet_to_json(sheet: unknown, options?: { defval?: unknown }): Array<Record<string, unknown>> };
}

/**
 * The rows of one sheet of an XLSX file an example wrote, each keyed by the header row, read with
 * the spreadsheet library n8n's Convert to File writes with, from the pinned install. `defval`
 * stands for empty cells; without it they are left out of their row.
 */
export function readSheet(
	n8nDir: string,
	file: string,
	sheetName: string,
	options?: { defval?: unknown },
): Array<Record<string, unknown>> {
	const xlsx = require(join(n8nDir, 'node_modules', '@e965', 'xlsx')) as XlsxModule;
	const workbook = xlsx.read(readFileSync(file));
	expect(
		workbook.SheetNames.includes(sheetName),
		`${file} has sheets ${workbook.SheetNames.join(', ')}, not "${sheetName}"`,
	);
	return xlsx.utils.sheet_to_json(workbook.Sheets[sheetName], options);
}
