import type { Server } from 'node:http';
import net, { type Socket } from 'node:net';

/**
 * How long a kept-alive connection must have been idle before it is closed on the way out. A client that sends its
 * next request the moment an answer arrives would otherwise find its connection closed under that request.
 */
export const QUIET_MS = 1_000;

/**
 * Closing gently, for `preClose`: Node's `server.close()` stops listening and at once destroys every kept-alive
 * connection that is between two requests, so a request already on its way on such a connection got a reset instead
 * of an answer. `drain()` stops accepting connections first, then waits until each open connection is busy (its
 * request is answered before the server closes it) or has been idle for QUIET_MS; meanwhile the requests arriving on
 * them are answered (503 with `Connection: close` once shutting down, which closes them after the answer).
 */
export function trackConnections(server: Server): { drain(): Promise<void> } {
  const open = new Map<Socket, { busy: number; idleSince: number }>();
  server.on('connection', (socket: Socket) => {
    open.set(socket, { busy: 0, idleSince: Date.now() });
    socket.once('close', () => open.delete(socket));
  });
  server.on('request', (request, response) => {
    const state = open.get(request.socket);
    if (!state) return;
    state.busy++;
    response.once('close', () => {
      state.busy--;
      state.idleSince = Date.now();
    });
  });
  return {
    async drain() {
      // Only the listening socket: the kept-alive connections stay (fastify's close then runs `server.close()`).
      if (server.listening) net.Server.prototype.close.call(server);
      for (;;) {
        const now = Date.now();
        const recent = [...open.values()].filter((s) => s.busy === 0 && now - s.idleSince < QUIET_MS);
        if (recent.length === 0) return;
        const wait = Math.min(...recent.map((s) => s.idleSince + QUIET_MS - now));
        await new Promise((resolve) => setTimeout(resolve, Math.max(wait, 10)));
      }
    },
  };
}
