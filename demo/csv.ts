/** RFC 4180 CSV: fields with commas, quotes or line breaks are quoted, quotes doubled. */
export function toCsv(header: string[], rows: unknown[][]): string {
	const field = (value: unknown) => {
		const text = value === null || value === undefined ? '' : String(value);
		return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
	};
	return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
