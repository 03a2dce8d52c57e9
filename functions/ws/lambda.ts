/** API Gateway WebSocket entry point ($connect, $disconnect, $default and the action routes). */
export const handler = async (): Promise<{ statusCode: number; body: string }> => ({
  statusCode: 501,
  body: 'realtime is not wired yet',
});
