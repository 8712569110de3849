// node bare-server.mjs <port> <response file>: answers every request with the bytes of one recorded
// response (status, headers, body) from memory, the fastest honest answer Node can give.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, file] = process.argv.slice(2);
const recorded = JSON.parse(readFileSync(file, 'utf8'));
const body = Buffer.from(recorded.body, 'base64');
const headers = { ...recorded.headers, 'content-length': body.length };
createServer((_req, res) => {
  res.writeHead(recorded.status, headers);
  res.end(body);
}).listen(Number(port), '127.0.0.1');
