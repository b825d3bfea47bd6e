// The fleet's tasks (ADR 0090): list, read with its history, create (one bike or
// a selection), edit, start (take), finish, cancel, reopen, check a checklist item. Open to
// field technicians (`auth: 'field'`); the service says who may do what. Thin: the service
// owns the rules.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BatteryQueueQuerySchema,
  BatteryQueueSchema,
  TaskCheckSchema,
  TaskChecklistParamsSchema,
  TaskCreateSchema,
  TaskCreatedSchema,
  TaskDetailSchema,
  TaskFinishSchema,
  TaskPageSchema,
  TaskParamsSchema,
  TaskQuerySchema,
  TaskSchema,
  TaskTransitionSchema,
  TaskUpdateSchema,
} from '@vfm/contract';
import { scopeOf } from '../../plugins/request-scope';
import { getBatteryQueue } from './battery-queue';
import { doc, problems, routeDoc } from '../../lib/route-schema';
import {
  cancelTask,
  checkItem,
  createTasks,
  finishTask,
  getTask,
  listTasks,
  reopenTask,
  startTask,
  updateTask,
} from './service';

const tags = ['tasks'];
const route = routeDoc(tags);
const config = { auth: 'field' as const };
const changed = { 200: TaskSchema, ...problems(400, 401, 403, 404, 409) };

const taskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/tasks',
    {
      config,
      ...route("The fleet's tasks (active ones by default), soonest due first", {
        querystring: TaskQuerySchema,
        ok: TaskPageSchema,
      }),
    },
    async (request) => listTasks(scopeOf(request), request.query),
  );

  app.post(
    '/tasks',
    {
      config,
      ...route('Create a task for one bike, or one per bike of a selection (managers)', {
        body: TaskCreateSchema,
        response: { 201: TaskCreatedSchema },
        problems: [404],
      }),
    },
    async (request, reply) =>
      reply.code(201).send(await createTasks(scopeOf(request), request.body)),
  );

  // docs/tasks.md: a static path, matched before /tasks/:id
  app.get(
    '/tasks/battery-queue',
    {
      config,
      ...route(
        'The bikes that need a battery, by charge and range left, grouped into stops to follow',
        { querystring: BatteryQueueQuerySchema, ok: BatteryQueueSchema },
      ),
    },
    async (request) => getBatteryQueue(scopeOf(request), request.query),
  );

  app.get(
    '/tasks/:id',
    {
      config,
      ...route('One task with its history', { params: TaskParamsSchema, ok: TaskDetailSchema }),
    },
    async (request) => getTask(scopeOf(request), request.params.id),
  );

  app.patch(
    '/tasks/:id',
    {
      config,
      ...doc(
        tags,
        'Change a task: priority, due time, assignee, title (managers); notes (anyone)',
        { params: TaskParamsSchema, body: TaskUpdateSchema, response: changed },
      ),
    },
    async (request) => updateTask(scopeOf(request), request.params.id, request.body),
  );

  app.post(
    '/tasks/:id/start',
    {
      config,
      ...doc(tags, 'Take and start an open task; 409 naming who has it when somebody else does', {
        params: TaskParamsSchema,
        response: changed,
      }),
    },
    async (request) => startTask(scopeOf(request), request.params.id),
  );

  app.post(
    '/tasks/:id/finish',
    {
      config,
      ...doc(
        tags,
        "Finish a task in progress (its holder, or a manager): a battery swap records the battery fitted (the bike's battery record), any task its parts and cost",
        { params: TaskParamsSchema, body: TaskFinishSchema, response: changed },
      ),
    },
    async (request) => finishTask(scopeOf(request), request.params.id, request.body),
  );

  const transition = (path: string, summary: string, run: typeof cancelTask) =>
    app.post(
      path,
      {
        config,
        ...doc(tags, summary, {
          params: TaskParamsSchema,
          body: TaskTransitionSchema,
          response: changed,
        }),
      },
      async (request) => run(scopeOf(request), request.params.id, request.body),
    );
  transition('/tasks/:id/cancel', 'Cancel an open task or one in progress (managers)', cancelTask);
  transition('/tasks/:id/reopen', 'Reopen a done or cancelled task (managers)', reopenTask);

  app.put(
    '/tasks/:id/checklist/:item',
    {
      config,
      ...doc(tags, "Check or uncheck an item of the task's checklist (an item of its kind)", {
        params: TaskChecklistParamsSchema,
        body: TaskCheckSchema,
        response: changed,
      }),
    },
    async (request) =>
      checkItem(scopeOf(request), request.params.id, request.params.item, request.body),
  );
};

export default taskRoutes;
