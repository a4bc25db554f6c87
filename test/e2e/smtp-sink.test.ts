import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

import { SMTP_TEST_LOGIN, SmtpSink } from '../../e2e/mail/smtp-sink';

/**
 * The e2e's mail sink against a client written here from the protocol (RFC 5321 commands, a
 * MIME message of RFC 2045/2046 built by hand), not a mail library: what a sender hands it must
 * come out as a mail client reads it, an attachment's bytes unchanged.
 */

/** One SMTP conversation: each command's reply, the last line of a multi-line reply ending it. */
class RawSmtpClient {
	private buffered = '';
	private waiting: ((reply: string) => void) | undefined;

	private constructor(private readonly socket: Socket) {
		socket.setEncoding('latin1');
		socket.on('data', (chunk: string) => {
			this.buffered += chunk;
			this.deliver();
		});
	}

	static async open(port: number): Promise<{ client: RawSmtpClient; greeting: string }> {
		const socket = connect(port, '127.0.0.1');
		const client = new RawSmtpClient(socket);
		const greeting = await client.reply();
		return { client, greeting };
	}

	async send(line: string): Promise<string> {
		const reply = this.reply();
		this.socket.write(`${line}\r\n`);
		return await reply;
	}

	async close(): Promise<void> {
		await this.send('QUIT');
		await new Promise<void>((resolveEnd) => this.socket.end(() => resolveEnd()));
		this.socket.destroy();
	}

	private reply(): Promise<string> {
		return new Promise((resolveReply) => {
			this.waiting = resolveReply;
			this.deliver();
		});
	}

	private deliver(): void {
		const lines = this.buffered.split('\r\n');
		const last = lines.findIndex((line) => /^\d{3} /.test(line));
		if (last < 0 || !this.waiting) return;
		const reply = lines.slice(0, last + 1).join('\n');
		this.buffered = lines.slice(last + 1).join('\r\n');
		const waiting = this.waiting;
		this.waiting = undefined;
		waiting(reply);
	}
}

const plainLogin = (user: string, password: string) => Buffer.from(`\0${user}\0${password}`).toString('base64');

/** A message with a text part and a PDF attachment, as a sender writes it (lines of base64, dot-stuffed). */
function mimeMessage(text: string, attachment: Buffer): string {
	const boundary = 'sink-test-boundary';
	const base64Lines = attachment.toString('base64').match(/.{1,76}/g) ?? [];
	const lines = [
		'From: Credit Control <accounts@example.com>',
		'To: Customer One <one@example.net>',
		'Subject: Reminder: 2 invoices overdue',
		'MIME-Version: 1.0',
		`Content-Type: multipart/mixed; boundary="${boundary}"`,
		'',
		`--${boundary}`,
		'Content-Type: text/plain; charset=utf-8',
		'Content-Transfer-Encoding: 8bit',
		'',
		...text.split('\n'),
		`--${boundary}`,
		'Content-Type: application/pdf; name="SI-1042.pdf"',
		'Content-Disposition: attachment; filename="SI-1042.pdf"',
		'Content-Transfer-Encoding: base64',
		'',
		...base64Lines,
		`--${boundary}--`,
	];
	// RFC 5321 §4.5.2: a line that begins with a dot is sent with one more.
	return lines.map((line) => (line.startsWith('.') ? `.${line}` : line)).join('\r\n');
}

describe('the e2e SMTP sink', () => {
	const sink = new SmtpSink();
	let port = 0;

	beforeAll(async () => {
		({ port } = await sink.start());
	});
	afterAll(async () => {
		await sink.stop();
	});

	it('keeps a message as a mail client reads it: recipients, subject, text and the attachment’s bytes', async () => {
		const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3000), Buffer.from('\n%%EOF\n')]);
		const text = 'Dear Customer One,\n.a line that starts with a dot\nSI-1042\t2025-05-01\t45 days\tGBP 120.00';
		const before = sink.messages().length;

		const { client, greeting } = await RawSmtpClient.open(port);
		expect(greeting).toMatch(/^220 /m);
		expect(await client.send('EHLO test.local')).toMatch(/^250 /m);
		const login = plainLogin(SMTP_TEST_LOGIN.user, SMTP_TEST_LOGIN.password);
		expect(await client.send(`AUTH PLAIN ${login}`)).toMatch(/^235 /);
		expect(await client.send('MAIL FROM:<accounts@example.com>')).toMatch(/^250 /);
		expect(await client.send('RCPT TO:<One@Example.net>')).toMatch(/^250 /);
		expect(await client.send('DATA')).toMatch(/^354 /);
		expect(await client.send(`${mimeMessage(text, pdf)}\r\n.`)).toMatch(/^250 /);
		await client.close();

		const received = sink.messages().slice(before);
		expect(received).toHaveLength(1);
		const [mail] = received;
		expect(mail.envelopeTo).toEqual(['one@example.net']);
		expect(mail.to).toEqual(['one@example.net']);
		expect(mail.from).toBe('accounts@example.com');
		expect(mail.subject).toBe('Reminder: 2 invoices overdue');
		expect(mail.text.trimEnd()).toBe(text);
		expect(mail.attachments.map((attachment) => [attachment.filename, attachment.contentType])).toEqual([
			['SI-1042.pdf', 'application/pdf'],
		]);
		expect(mail.attachments[0].content.equals(pdf)).toBe(true);
	});

	it('refuses a wrong login and keeps nothing sent without one', async () => {
		const before = sink.messages().length;
		const { client } = await RawSmtpClient.open(port);
		await client.send('EHLO test.local');
		expect(await client.send(`AUTH PLAIN ${plainLogin(SMTP_TEST_LOGIN.user, 'wrong')}`)).toMatch(/^535 /);
		expect(await client.send('MAIL FROM:<accounts@example.com>')).toMatch(/^530 /);
		await client.close();
		expect(sink.messages()).toHaveLength(before);
		expect(sink.refusals()).toContain(`login refused for user ${SMTP_TEST_LOGIN.user}`);
	});
});
