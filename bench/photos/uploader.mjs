// The burst's uploads, in a process of their own (bench/photos/burst.mjs): sending eight bodies of
// ~11 MB from the measuring process would slow its own requests and be counted as the server's.
// Usage: node bench/photos/uploader.mjs <url> <token> <body file>...; prints each answer's
// status and time (ms) as one JSON line when all have answered.
import { readFileSync } from 'node:fs';

const [url, token, ...files] = process.argv.slice(2);
const bodies = files.map((file) => readFileSync(file));
const started = performance.now();
const answers = await Promise.all(
  bodies.map(async (body) => {
    const answer = await fetch(`${url}/api/staff/content/photos`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
    });
    await answer.arrayBuffer();
    return { status: answer.status, ms: performance.now() - started };
  }),
);
console.log(JSON.stringify(answers));
