import { SOCKET_RECONNECT_DELAY_MS, SOCKET_TIMEOUT_MS } from '@hallway/shared';
import type { Socket } from 'socket.io-client';

export type { Socket };

export interface SocketIdentity {
  workspace: string;
  token: string;
  clientId: string;
  userId: string;
  /**
   * The server has joined this socket to the person's rooms (after every connection). Events sent before that
   * moment were missed: the caller reloads what those events would have updated.
   */
  onIdentified?: () => void;
}

/**
 * Realtime connection of spec portal §7: namespace `/{workspace}` of the API host, websocket transport only,
 * reconnect delay 1000 ms, timeout 1,200,000 ms, the token in the handshake, then `identify`.
 * socket.io-client is loaded on demand so the sign-in page does not download it.
 */
export async function connectSocket(identity: SocketIdentity): Promise<Socket> {
  const { io } = await import('socket.io-client');
  const socket = io(`${window.location.origin}/${identity.workspace}`, {
    transports: ['websocket'],
    reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
    timeout: SOCKET_TIMEOUT_MS,
    auth: { token: identity.token },
  });
  // Every (re)connection is a fresh server-side socket that has to join the person's rooms again.
  socket.on('connect', () => {
    identified.delete(socket);
    const payload = { client_id: identity.clientId, user_id: identity.userId, timestamp: Date.now() };
    socket.emit('identify', payload, (joined: boolean) => {
      if (!joined) return;
      identified.add(socket);
      identity.onIdentified?.();
      for (const listener of [...(identifiedListeners.get(socket) ?? [])]) listener();
    });
  });
  socket.on('disconnect', () => identified.delete(socket));
  return socket;
}

const identified = new WeakSet<Socket>();
const identifiedListeners = new WeakMap<Socket, Set<() => void>>();

/**
 * Runs `listener` once the server has joined the socket to the person's rooms, now if it already has, and again
 * after every reconnection: rooms a page joins on top (a group's) are joined through the person's room, so they
 * must wait for it. Answers the unsubscribe.
 */
export function whenIdentified(socket: Socket, listener: () => void): () => void {
  const listeners = identifiedListeners.get(socket) ?? new Set();
  identifiedListeners.set(socket, listeners);
  listeners.add(listener);
  if (identified.has(socket)) listener();
  return () => listeners.delete(listener);
}

/** Logout tells the server first, so it drops the rooms at once rather than on timeout. */
export function closeSocket(socket: Socket | null, loggingOut: boolean): void {
  if (!socket) return;
  if (loggingOut && socket.connected) socket.emit('user-logout');
  socket.disconnect();
}
