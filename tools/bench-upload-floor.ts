// A floor for the upload benchmark: a bare node:http server, run as its own process like the portal,
// that reads each POSTed body and throws it away (no storage, no hash, no database). What an upload
// of the same chunks costs with nothing done to them: the client's send and the loopback receive.
import { createServer } from 'node:http';

const server = createServer((request, response) => {
  let bytes = 0;
  request.on('data', (piece: Buffer) => (bytes += piece.length));
  request.on('end', () => response.end(JSON.stringify({ bytes })));
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => console.log(`listening ${(server.address() as { port: number }).port}`));
