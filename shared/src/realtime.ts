/**
 * WebSocket close codes the server sends and the client acts on (4000–4999 are the
 * application's own range). A socket whose session ended closes with `sessionRevoked`; when it
 * ended because the member was banned, with `accountBanned`, so the open tab can sign out and
 * say why instead of looking signed in until its next request fails. When the member's admin
 * role was granted or taken away, with `roleChanged`: the client reconnects as it does after any
 * close, and the new socket is signed in with the role as it is now.
 */
export const SOCKET_CLOSE_CODES = {
  sessionRevoked: 4001,
  accountBanned: 4003,
  roleChanged: 4004,
} as const;
