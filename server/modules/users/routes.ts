import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UserCreditPending } from '../../../contract/adjustments';
import { OkResponse } from '../../../contract/auth';
import { ErrorBody } from '../../../contract/errors';
import { listResponse } from '../../../contract/lists';
import { text } from '../../../contract/text';
import {
  AdminRoleResponse,
  Match,
  MatchesQuery,
  PasswordBody,
  PermissionsBody,
  RoleBody,
  User,
  UserDetail,
  UserPatch,
  UserResponse,
  UsersExportQuery,
  UsersQuery,
} from '../../../contract/users';
import { adminRoleOf, presentUser } from '../../auth/present-user';
import { denied } from '../../crud/routes';
import { sendCsv } from '../../http/csv';
import { ifMatchOf } from '../../http/versions';
import { presentAdjustment } from '../adjustments/present';
import { readView } from '../settings/save';
import { payouts } from '../settings/values';
import { setAdminRole, updatePermissions } from './admin-role';
import { callerOf } from './caller';
import { usersCsv } from './export';
import { listMatches } from './matches';
import { findUser, listUsers, userStats } from './queries';
import { resetTwoStep } from './two-step-reset';
import { changePassword, disableUser, updateUser } from './update';

/** Users are addressed by their public userId. */
const Params = z.strictObject({ id: text().min(1).max(64) });

const missing = { ...denied, 404: ErrorBody };
const refused = { ...missing, 409: ErrorBody };

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/admin/users',
    {
      config: { permission: 'users:read' },
      schema: { querystring: UsersQuery, response: { 200: listResponse(User), ...denied } },
    },
    async (request) => listUsers(db, request.query),
  );

  app.get(
    '/admin/users/export.csv',
    {
      config: { permission: 'users:read' },
      schema: { querystring: UsersExportQuery, response: denied },
    },
    async (request, reply) => {
      const { sort, ...filter } = request.query;
      return sendCsv(reply, 'users.csv', usersCsv(db, filter, sort));
    },
  );

  app.get(
    '/admin/users/:id',
    {
      config: { permission: 'users:read' },
      schema: { params: Params, response: { 200: UserDetail, ...missing } },
    },
    async (request) => {
      const row = await findUser(db, request.params.id);
      // The console reads the user's own adminRole: both carry the groups' permissions.
      const adminRole = adminRoleOf(row, app.proxySignIn?.groups?.permissions);
      return {
        user: { ...presentUser(row), adminRole },
        stats: await userStats(db, row.id),
        adminRole,
        secondApprovalFromPoints: (await readView(db, payouts)).secondApprovalFromPoints,
      };
    },
  );

  app.patch(
    '/admin/users/:id',
    {
      config: { permission: 'users:write' },
      schema: {
        params: Params,
        body: UserPatch,
        response: { 200: UserResponse, 202: UserCreditPending, ...refused },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const { row, adjustment } = await updateUser(
        db,
        caller,
        request.params.id,
        request.body,
        ifMatchOf(request),
      );
      const user = presentUser(row);
      if (!adjustment) return { ok: true as const, user };
      // The credit waits for a second admin: accepted, not applied.
      return reply
        .code(202)
        .send({ ok: true as const, user, adjustment: presentAdjustment(adjustment) });
    },
  );

  app.delete(
    '/admin/users/:id',
    {
      config: { permission: 'users:write' },
      schema: { params: Params, response: { 200: UserResponse, ...refused } },
    },
    async (request) => {
      const row = await disableUser(db, await callerOf(request), request.params.id);
      return { ok: true as const, user: presentUser(row) };
    },
  );

  app.post(
    '/admin/users/:id/password',
    {
      config: { permission: 'users:write' },
      schema: { params: Params, body: PasswordBody, response: { 200: OkResponse, ...refused } },
    },
    async (request) => {
      const caller = await callerOf(request);
      await changePassword(db, caller, request.params.id, request.body.newPassword);
      return { ok: true as const };
    },
  );

  app.delete(
    '/admin/users/:id/two-step',
    {
      config: { permission: 'users:admin' },
      schema: { params: Params, response: { 200: UserResponse, ...refused } },
    },
    async (request) => {
      const row = await resetTwoStep(db, await callerOf(request), request.params.id);
      return { ok: true as const, user: presentUser(row) };
    },
  );

  app.get(
    '/admin/users/:id/matches',
    {
      config: { permission: 'users:read' },
      schema: {
        params: Params,
        querystring: MatchesQuery,
        response: { 200: listResponse(Match), ...missing },
      },
    },
    async (request) => listMatches(db, request.params.id, request.query),
  );

  app.patch(
    '/admin/users/:id/role',
    {
      config: { permission: 'users:admin' },
      schema: { params: Params, body: RoleBody, response: { 200: AdminRoleResponse, ...refused } },
    },
    async (request) => {
      const caller = await callerOf(request);
      const adminRole = await setAdminRole(db, caller, request.params.id, request.body.makeAdmin);
      return { ok: true as const, adminRole };
    },
  );

  app.patch(
    '/admin/users/:id/permissions',
    {
      config: { permission: 'users:admin' },
      schema: {
        params: Params,
        body: PermissionsBody,
        response: { 200: AdminRoleResponse, ...refused },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      const adminRole = await updatePermissions(db, caller, request.params.id, request.body);
      return { ok: true as const, adminRole };
    },
  );
};
