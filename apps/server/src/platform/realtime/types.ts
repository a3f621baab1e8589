import type { ModuleServices } from '../http/module.js';
import type { BoundSocketHandler } from './handlers.js';

export interface RealtimeRooms {
  /** Puts every socket of a person into a room (`group:{id}`, `chat:{roomId}`, ...), in every process. */
  join(clientId: string, userId: string, room: string): void;
}

/** Realtime delivery to browsers (ARCHITECTURE "Realtime"). Event names are `module.verb`. */
export interface Realtime extends RealtimeRooms {
  /**
   * Sends an event to everyone connected to the workspace's namespace, or only to one room of it
   * (`user:{id}`, `group:{id}`, `chat:{roomId}`, `desk:{id}`, `post:{id}`). Reaches every process through Redis when configured.
   */
  emit(clientId: string, room: string | null, event: string, payload: unknown): void;
  /** Whether events reach the other processes: 'off' without REDIS_URL, 'down' during a Redis outage. */
  redisState?(): 'off' | 'up' | 'down';
  /** Disconnects every socket of a person, in every process: call after their sessions are revoked (commit). */
  revokeUser(userId: string): void;
  /** Disconnects every socket of a workspace's people (not the superadmin's), in every process: it was blocked. */
  revokeWorkspace(clientId: string): void;
  /** The modules' socket events (handlers.ts), bound to every socket that connects from now on. */
  handle(handlers: readonly BoundSocketHandler[], services: Partial<ModuleServices>): void;
}
