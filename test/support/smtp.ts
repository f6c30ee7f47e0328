/** A real SMTP server (the smtp-server package) on a free loopback port that keeps every message it receives. */
import { SMTPServer } from 'smtp-server';

export interface Mail {
  from: string;
  to: string[];
  /** The raw message as received. */
  raw: string;
  /** Headers unfolded and the body decoded (quoted-printable or base64), for reading in tests. */
  subject: string;
  text: string;
}

export interface TestSmtp {
  port: number;
  mails: Mail[];
  close(): Promise<void>;
}

function decodeQp(s: string): string {
  const bytes = s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeHeader(v: string): string {
  return v.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQp(data.replace(/_/g, ' ')),
  );
}

export function parseMail(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1] ?? '';
  const enc = header('Content-Transfer-Encoding').toLowerCase();
  const text = enc === 'quoted-printable' ? decodeQp(body) : enc === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
  return { subject: decodeHeader(header('Subject')), text };
}

export async function startSmtp(): Promise<TestSmtp> {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...parseMail(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as { port: number }).port;
  return { port, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
