import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer, type SMTPServerAuthentication, type SMTPServerSession } from 'smtp-server';

/**
 * A mail server on 127.0.0.1 that delivers nowhere: it keeps every message n8n's Send Email node
 * hands it, parsed as a mail client would read it, for the checks to compare with the books.
 */

/** The login the e2e's SMTP credential carries: a test value, and the sink refuses any other. */
export const SMTP_TEST_LOGIN = { user: 'n8n-e2e', password: 'sink-only-password' } as const;

export interface ReceivedAttachment {
	filename: string;
	contentType: string;
	content: Buffer;
}

export interface ReceivedMail {
	/** The envelope's recipients (RCPT TO), lower case: whom the server was asked to deliver to. */
	envelopeTo: string[];
	/** The addresses of the To header, lower case. */
	to: string[];
	from: string;
	subject: string;
	/** The plain text part; '' when the message has none. */
	text: string;
	/** The HTML part; '' when the message has none. */
	html: string;
	attachments: ReceivedAttachment[];
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined): string[] =>
	(Array.isArray(field) ? field : field ? [field] : [])
		.flatMap((object) => object.value)
		.map((entry) => (entry.address ?? '').toLowerCase())
		.filter(Boolean);

/** The messages a check looks at: all the sink received, or those since one example ran. */
export interface Mailbox {
	/** The messages received, in the order they arrived. */
	messages(): ReceivedMail[];
	/** Logins and messages the sink turned away: a wrong credential shows here, not as silence. */
	refusals(): string[];
}

export class SmtpSink implements Mailbox {
	private readonly received: ReceivedMail[] = [];
	private readonly refused: string[] = [];
	private readonly server = new SMTPServer({
		// No TLS on loopback: n8n's credential says SSL/TLS off and STARTTLS disabled.
		disabledCommands: ['STARTTLS'],
		allowInsecureAuth: true,
		authMethods: ['PLAIN', 'LOGIN'],
		logger: false,
		onAuth: (auth, _session, callback) => this.authenticate(auth, callback),
		onData: (stream, session, callback) => {
			simpleParser(stream)
				.then((parsed) => {
					this.received.push(this.mailOf(parsed, session));
					callback();
				})
				.catch((error: Error) => {
					this.refused.push(`unparsable message: ${error.message}`);
					callback(error);
				});
		},
	});

	/** Listens on a free port of 127.0.0.1; the port is what the SMTP credential is given. */
	async start(): Promise<{ host: string; port: number }> {
		await new Promise<void>((resolveListen, reject) => {
			this.server.once('error', reject);
			this.server.listen(0, '127.0.0.1', () => resolveListen());
		});
		const address = this.server.server.address();
		if (!address || typeof address === 'string') throw new Error('the SMTP sink has no port');
		return { host: '127.0.0.1', port: address.port };
	}

	async stop(): Promise<void> {
		await new Promise<void>((resolveClose) => this.server.close(() => resolveClose()));
	}

	messages(): ReceivedMail[] {
		return [...this.received];
	}

	refusals(): string[] {
		return [...this.refused];
	}

	/** What arrives from now on: the mail of the example about to run, apart from earlier examples'. */
	since(): Mailbox {
		const [messages, refusals] = [this.received.length, this.refused.length];
		return {
			messages: () => this.received.slice(messages),
			refusals: () => this.refused.slice(refusals),
		};
	}

	private authenticate(
		auth: SMTPServerAuthentication,
		callback: (error: Error | null | undefined, response?: { user: string }) => void,
	): void {
		if (auth.username === SMTP_TEST_LOGIN.user && auth.password === SMTP_TEST_LOGIN.password) {
			callback(null, { user: auth.username });
			return;
		}
		this.refused.push(`login refused for user ${String(auth.username)}`);
		callback(new Error('Invalid username or password'));
	}

	private mailOf(parsed: Awaited<ReturnType<typeof simpleParser>>, session: SMTPServerSession): ReceivedMail {
		return {
			envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
			to: addressesOf(parsed.to),
			from: addressesOf(parsed.from)[0] ?? '',
			subject: parsed.subject ?? '',
			text: parsed.text ?? '',
			html: typeof parsed.html === 'string' ? parsed.html : '',
			attachments: parsed.attachments.map((attachment) => ({
				filename: attachment.filename ?? '',
				contentType: attachment.contentType,
				content: attachment.content,
			})),
		};
	}
}
