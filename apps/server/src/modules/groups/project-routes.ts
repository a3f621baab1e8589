// Spec portal §3 Project, §7 Projects: projects with participants and a wall (docs/api.md "Projects").
import {
  createProjectBody,
  id,
  okResult,
  projectDto,
  projectListQuery,
  projectPage,
  projectParticipantBody,
  resultOf,
  updateProjectBody,
} from '@hallway/shared';
import { z } from 'zod';
import type { App } from '../../platform/http/module.js';
import * as projects from './projects.js';

const tags = ['groups'];
const signedIn = { signedIn: true } as const;
const one = { 200: resultOf(projectDto) };
const params = z.object({ id });

export function registerProjectRoutes(app: App) {
  app.post(
    '/api/project/',
    {
      schema: { tags, summary: 'Create a project', body: createProjectBody, response: one },
      // The participants' ids are A's people in the isolation suite's body (isolation.ts).
      config: { access: { right: 'groups' } },
    },
    async (req) => ({ result: await projects.createProject(req.ctx, req.body) }),
  );

  app.get(
    '/api/project/',
    {
      schema: {
        tags,
        summary: "The workspace's projects the caller may see",
        querystring: projectListQuery,
        response: { 200: projectPage },
      },
      config: { access: signedIn },
    },
    async (req) => projects.listProjects(req.ctx, req.query),
  );

  app.get(
    '/api/project/:id',
    {
      schema: { tags, summary: 'Get a project', params, response: one },
      config: { access: signedIn, params: { id: 'project' } },
    },
    async (req) => ({ result: await projects.getProject(req.ctx, req.params.id) }),
  );

  app.put(
    '/api/project/:id',
    {
      schema: { tags, summary: 'Change a project', params, body: updateProjectBody, response: one },
      config: { access: signedIn, params: { id: 'project' } },
    },
    async (req) => ({ result: await projects.updateProject(req.ctx, req.params.id, req.body) }),
  );

  app.delete(
    '/api/project/:id',
    {
      schema: { tags, summary: 'Delete a project', params, response: { 200: okResult } },
      config: { access: signedIn, params: { id: 'project_delete' } },
    },
    async (req) => {
      await projects.deleteProject(req.ctx, req.params.id);
      return { result: true };
    },
  );

  app.post(
    '/api/projectParticipant/',
    {
      schema: { tags, summary: 'Add a participant to a project', body: projectParticipantBody, response: one },
      config: { access: signedIn, body: { project_id: 'project', user_id: 'user' } },
    },
    async (req) => ({
      result: await projects.addParticipant(req.ctx, req.body.project_id, req.body.user_id, req.body.role),
    }),
  );

  app.delete(
    '/api/projectParticipant/:projectId/:userId',
    {
      schema: {
        tags,
        summary: 'Remove a participant from a project',
        params: z.object({ projectId: id, userId: id }),
        response: one,
      },
      config: { access: signedIn, params: { projectId: 'project' } },
    },
    async (req) => ({ result: await projects.removeParticipant(req.ctx, req.params.projectId, req.params.userId) }),
  );
}
