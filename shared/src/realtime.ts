/**
 * WebSocket close codes the server sends and the client acts on (4000–4999 are the
 * application's own range). A socket whose session ended closes with `sessionRevoked`; when it
 * ended because the member was banned, with `accountBanned`, so the open tab can sign out and
 * say why instead of looking signed in until its next request fails.
 */
export const SOCKET_CLOSE_CODES = {
  sessionRevoked: 4001,
  accountBanned: 4003,
} as const;
