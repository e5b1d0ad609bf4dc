/**
 * The container proof's outside world, on the host: an SMTP sink (smtp-server) standing in for
 * the mail provider and an HTTP receiver standing in for a customer's webhook endpoint. Every
 * message and every request is printed as one JSON line on stdout, which prove.sh waits on.
 * Usage: node tools/containers/sinks.js <smtp port> <http port>
 */
const http = require('node:http');
const { SMTPServer } = require('smtp-server');

const [smtpPort, httpPort] = process.argv.slice(2).map(Number);
const print = (record) => process.stdout.write(`${JSON.stringify({ at: new Date().toISOString(), ...record })}\n`);

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  disableReverseLookup: true,
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const subject = /^subject:\s*(.*)$/im.exec(raw)?.[1] ?? '';
      const chase = /^x-intake-chase:\s*(\S+)/im.exec(raw)?.[1] ?? null;
      print({
        kind: 'mail',
        from: session.envelope.mailFrom?.address,
        to: session.envelope.rcptTo.map((r) => r.address),
        subject,
        chase,
        bytes: raw.length,
      });
      callback();
    });
  },
});

const receiver = http.createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    let event = null;
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      event = body.type ?? body.event ?? null;
    } catch {
      event = null;
    }
    const signed = Object.keys(request.headers).filter((name) => /signature/i.test(name));
    print({
      kind: 'webhook',
      method: request.method,
      path: request.url,
      event,
      signed_headers: signed,
      user_agent: request.headers['user-agent'] ?? null,
    });
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
});

smtp.listen(smtpPort, '127.0.0.1', () =>
  receiver.listen(httpPort, '127.0.0.1', () => print({ kind: 'ready', smtp: smtpPort, http: httpPort })),
);
const stop = () => {
  receiver.close();
  smtp.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
