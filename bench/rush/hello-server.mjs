// The ceiling of the enrolment rush: a bare Fastify server (no plugins, no logging, no database)
// answering the enrolment's request shape with a small JSON object. Started as a child process by
// rush.mjs on PORT (127.0.0.1); prints "listening" once it accepts connections.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/api/group/add', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.info('listening');
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
