// The static benchmark's load generator (autocannon, in load.mjs), run in its own process and
// driven over IPC, so that its CPU is not the servers'.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The load generator, in its own process. */
export function startLoader() {
  const child = fork(fileURLToPath(new URL('./load.mjs', import.meta.url)), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map();
  let next = 0;
  child.on('message', ({ id, result, error }) => {
    const waiter = pending.get(id);
    pending.delete(id);
    if (error) waiter?.reject(new Error(`load generator: ${error}`));
    else waiter?.resolve(result);
  });
  child.on('exit', (code) => {
    for (const waiter of pending.values())
      waiter.reject(new Error(`load generator exited ${code}`));
  });
  return {
    pid: child.pid,
    run: (options) =>
      new Promise((resolve, reject) => {
        const id = next++;
        pending.set(id, { resolve, reject });
        child.send({ id, ...options });
      }),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}
