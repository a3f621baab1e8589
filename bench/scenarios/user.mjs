/** Issue 2: the cost of an authenticated request (JWT, tenant transaction, principal lookup, own profile). */
export const scenarios = [
  {
    id: 'user-me',
    title: 'GET /api/user/me',
    baselines: ['bare-json', 'bare-sql-user', 'bare-sql-guard'],
    requests: async (ctx) =>
      Promise.all(
        ctx.people(20).map(async (p) => ({
          path: '/api/user/me',
          headers: { authorization: `Bearer ${await ctx.signIn(p)}` },
        })),
      ),
    check: (body, ctx) => body.result.user._id === ctx.people(1)[0].id,
  },
];
