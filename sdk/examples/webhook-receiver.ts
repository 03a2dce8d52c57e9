import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

/**
 * The "Build a chat bot" walkthrough (docs/chat-bots.md), step 2: a webhook receiver that verifies each delivery
 * with the `standardwebhooks` package and prints it. `WEBHOOK_SECRET=whsec_… npx tsx sdk/examples/webhook-receiver.ts`
 * listens on 127.0.0.1:9000 (PORT to change).
 */
const secret = process.env.WEBHOOK_SECRET;
if (secret === undefined) throw new Error('set WEBHOOK_SECRET to the secret POST /v1/webhooks returned');
const verifier = new Webhook(secret);

createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    try {
      const msg = verifier.verify(body, req.headers as Record<string, string>) as {
        type: string;
        data: { seq?: number; seat?: number; legalActions?: unknown[] };
      };
      const what = msg.type === 'your_turn' ? `seat ${msg.data.seat} to act` : `seq ${msg.data.seq}`;
      console.log(`${req.headers['webhook-id']} ${msg.type} (${what})`);
      res.writeHead(204).end();
    } catch {
      // A bad signature or a stale timestamp: not from the server (or replayed).
      res.writeHead(400).end();
    }
  });
}).listen(Number(process.env.PORT ?? 9000), '127.0.0.1');
