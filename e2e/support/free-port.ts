/** A TCP port on 127.0.0.1 that was free a moment ago: the server package's own helper. */
export { freePort } from '@centro/server/testing';
