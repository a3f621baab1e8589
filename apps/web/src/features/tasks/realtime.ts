import type { DeskDto } from '@hallway/shared/tasks';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type Socket, whenIdentified } from '../../api/socket';
import { useSession } from '../../app/session/context';
import { fetchTask } from './api';
import { findCard, isAt, moveCard, removeCard } from './board';
import { settleTask, taskKeys } from './queries';

interface TaskEvent {
  desk: string;
  task: string;
  lane: string;
  version?: number;
}
interface MovedEvent extends TaskEvent {
  from: string;
  before: string | null;
  after: string | null;
  version: number;
}
interface CommentEvent {
  subject?: { type: string; id: string };
}

/**
 * The desk room's events (`desk:{id}`, the server's modules/tasks/realtime.ts) applied to the cached desk, by event
 * name so tests can feed them directly. Events carry ids only: a new or changed card is read again with the reader's
 * own `can`; a move is applied where it says (unless this page made it already).
 */
export function deskEventHandlers(client: QueryClient, onDeleted?: (deskId: string) => void) {
  const desk = (id: string) => client.getQueryData<DeskDto>(taskKeys.desk(id));
  const refreshDesk = (id: string) => void client.invalidateQueries({ queryKey: taskKeys.desk(id) });
  const refreshTables = (id: string) => void client.invalidateQueries({ queryKey: taskKeys.tables(id) });
  const readCard = (event: TaskEvent) => {
    fetchTask(event.task)
      .then((task) => settleTask(client, task))
      // Gone or no longer readable: the desk as the server has it now.
      .catch(() => refreshDesk(event.desk));
  };
  return {
    'task.created': (event: TaskEvent) => {
      if (desk(event.desk) && findCard(desk(event.desk)!, event.task)) return;
      readCard(event);
    },
    'task.updated': (event: TaskEvent) => {
      const cached = desk(event.desk);
      const card = cached ? findCard(cached, event.task)?.card : undefined;
      if (card && event.version !== undefined && card.version >= event.version) return;
      readCard(event);
    },
    'task.moved': (event: MovedEvent) => {
      const cached = desk(event.desk);
      if (!cached) return;
      const place = { lane: event.lane, before: event.before ?? undefined, after: event.after ?? undefined };
      const found = findCard(cached, event.task);
      if (!found) return refreshDesk(event.desk);
      if (found.card.version >= event.version && isAt(cached, event.task, place)) return;
      client.setQueryData(taskKeys.desk(event.desk), moveCard(cached, event.task, place, { version: event.version }));
      // Its status may have changed with its lane (a done lane): the card's own answer says.
      if (event.from !== event.lane) readCard(event);
      refreshTables(event.desk);
    },
    'task.deleted': (event: TaskEvent) => {
      client.setQueryData<DeskDto>(taskKeys.desk(event.desk), (cached) =>
        cached ? removeCard(cached, event.task) : cached,
      );
      client.removeQueries({ queryKey: taskKeys.task(event.task) });
      refreshTables(event.desk);
    },
    'lane.changed': (event: { desk: string }) => refreshDesk(event.desk),
    'desk.updated': (event: { desk: string }) => {
      refreshDesk(event.desk);
      refreshTables(event.desk);
      void client.invalidateQueries({ queryKey: taskKeys.lists });
    },
    'desk.deleted': (event: { desk: string }) => {
      void client.invalidateQueries({ queryKey: taskKeys.lists });
      onDeleted?.(event.desk);
    },
    'comment.created': (event: CommentEvent) => {
      if (event.subject?.type === 'task') void client.invalidateQueries({ queryKey: taskKeys.task(event.subject.id) });
    },
  };
}

function listen(socket: Socket, handlers: Record<string, (payload: never) => void>) {
  const entries = Object.entries(handlers) as [string, (payload: unknown) => void][];
  for (const [event, handler] of entries) socket.on(event, handler);
  return () => {
    for (const [event, handler] of entries) socket.off(event, handler);
  };
}

/**
 * While a desk page is open: joins the room `desk:{id}` (`desk.subscribe`, again after every reconnection) so the
 * others' moves, new cards and edits arrive live, and applies them.
 */
export function useDeskRoom(deskId: string, enabled: boolean, onDeleted: (id: string) => void) {
  const { socket } = useSession();
  const client = useQueryClient();
  useEffect(() => {
    if (!socket || !deskId || !enabled) return;
    const unsubscribe = whenIdentified(socket, () => socket.emit('desk.subscribe', { desk_id: deskId }));
    const stop = listen(
      socket,
      deskEventHandlers(client, (id) => id === deskId && onDeleted(id)),
    );
    return () => {
      unsubscribe();
      stop();
    };
  }, [socket, client, deskId, enabled, onDeleted]);
}
