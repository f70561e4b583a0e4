import http from 'node:http';

/**
 * A viewer process of `npm run bench -- games`: opens `count` event streams of `url` (at most IN_FLIGHT opening at
 * once, as browsers arriving over some seconds would), tells its parent once every one has had its first event, then
 * only reads them until it is killed.
 */
const IN_FLIGHT = 100;
const [url, countText] = process.argv.slice(2);
const count = Number(countText);
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
let started = 0;
let opened = 0;

function open() {
  started++;
  http
    .get(url!, { agent }, (response) => {
      let first = true;
      response.on('data', (chunk: Buffer) => {
        if (!first || !chunk.includes('event: games')) return;
        first = false;
        opened++;
        if (opened === count) process.send?.('ready');
        if (started < count) open();
      });
    })
    .on('error', (error) => {
      console.error(`viewer: ${error.message}`);
      process.exit(1);
    });
}

if (count === 0) process.send?.('ready');
for (let i = 0; i < Math.min(IN_FLIGHT, count); i++) open();
process.on('SIGTERM', () => process.exit(0));
