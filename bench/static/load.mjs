// The load generator of bench/static/static-vs-nginx.mjs, in its own process so that generating
// load never shares an event loop with a server under test. It waits for runs over IPC
// ({ id, url, headers, connections, seconds }), runs autocannon for each and answers
// { id, result } with the figures the benchmark needs, or { id, error }.
import autocannon from 'autocannon';

function run({ url, headers, connections, seconds }) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, headers, connections, duration: seconds, pipelining: 1, timeout: 10 },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

process.on('message', async ({ id, ...options }) => {
  try {
    const r = await run(options);
    process.send({
      id,
      result: {
        requests: r.requests.total,
        seconds: r.duration,
        bytes: r.throughput.total,
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors,
        timeouts: r.timeouts,
        resets: r.resets ?? 0,
        statusCodes: r.statusCodeStats,
      },
    });
  } catch (error) {
    process.send({ id, error: String(error?.stack ?? error) });
  }
});
