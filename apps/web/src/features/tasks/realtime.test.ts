import type { DeskDto } from '@hallway/shared/tasks';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as api from './api';
import { taskKeys } from './queries';
import { deskEventHandlers } from './realtime';
import { DESK_ID, DOING, makeDesk, makeTask, TODO, taskId } from './testing';

const names = (client: QueryClient, lane: number) =>
  client.getQueryData<DeskDto>(taskKeys.desk(DESK_ID))!.lanes[lane]!.tasks.map((task) => task.name);

describe('the desk room', () => {
  afterEach(() => vi.restoreAllMocks());

  it('applies another person’s move where it says, and leaves an echo of one already shown alone', () => {
    const client = new QueryClient();
    client.setQueryData(taskKeys.desk(DESK_ID), makeDesk());
    const read = vi.spyOn(api, 'fetchTask').mockResolvedValue(makeTask());
    const handlers = deskEventHandlers(client);
    handlers['task.moved']({
      desk: DESK_ID,
      task: taskId(2),
      from: TODO,
      lane: TODO,
      before: taskId(1),
      after: null,
      version: 2,
    });
    expect(names(client, 0)).toEqual(['Card 2', 'Card 1']);
    // The same move again (this page's own, echoed): nothing changes, nothing is read.
    handlers['task.moved']({
      desk: DESK_ID,
      task: taskId(2),
      from: TODO,
      lane: TODO,
      before: taskId(1),
      after: null,
      version: 2,
    });
    expect(names(client, 0)).toEqual(['Card 2', 'Card 1']);
    expect(read).not.toHaveBeenCalled();
    // Across lanes: the card's own answer is read for its status.
    handlers['task.moved']({
      desk: DESK_ID,
      task: taskId(1),
      from: TODO,
      lane: DOING,
      before: null,
      after: taskId(3),
      version: 2,
    });
    expect(names(client, 1)).toEqual(['Card 3', 'Card 1']);
    expect(read).toHaveBeenCalledWith(taskId(1));
  });

  it('reads a new card with the reader’s own abilities and puts it at the end of its lane', async () => {
    const client = new QueryClient();
    client.setQueryData(taskKeys.desk(DESK_ID), makeDesk());
    vi.spyOn(api, 'fetchTask').mockResolvedValue(makeTask({ _id: taskId(7), name: 'Fresh', lane: DOING }));
    deskEventHandlers(client)['task.created']({ desk: DESK_ID, task: taskId(7), lane: DOING });
    await vi.waitFor(() => expect(names(client, 1)).toEqual(['Card 3', 'Fresh']));
  });

  it('takes a deleted card off the desk', () => {
    const client = new QueryClient();
    client.setQueryData(taskKeys.desk(DESK_ID), makeDesk());
    deskEventHandlers(client)['task.deleted']({ desk: DESK_ID, task: taskId(1), lane: TODO });
    expect(names(client, 0)).toEqual(['Card 2']);
  });
});
