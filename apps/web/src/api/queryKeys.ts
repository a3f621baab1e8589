/** Query keys in one place, so a change (sign-in, entering a workspace) invalidates exactly what it should. */
export const queryKeys = {
  env: ['env'] as const,
  me: (uid: string | null) => ['me', uid] as const,
  client: (clientId: string | null) => ['client', clientId] as const,
  workspaceUsers: (clientId: string | null) => ['users', 'workspace', clientId] as const,
  user: (id: string) => ['users', 'one', id] as const,
  clients: (filter: { search?: string; status?: string } = {}) => ['clients', 'list', filter] as const,
  allClients: ['clients'] as const,
  publicClient: (workspace: string) => ['clients', 'public', workspace.toLowerCase()] as const,
  oidcUrl: ['auth', 'oidc-url'] as const,
};
