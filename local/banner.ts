/** What `npm start` prints once the local runtime listens (local/main.ts); test/e2e/banner.test.ts runs its commands. */
export function banner(o: {
  readonly url: string;
  readonly wsUrl: string;
  readonly dataDir: string;
  readonly version: string;
  /** How many API keys API_KEYS holds (creating tables then needs one). */
  readonly keys: number;
  /** The web app was built and is served at `/` (local/static-site.ts). */
  readonly web?: boolean;
}): string {
  const auth = o.keys > 0 ? ` -H "authorization: Bearer $API_KEY"` : '';
  return `Stammtisch local runtime on ${o.url}  (store: ${o.dataDir}, version ${o.version})
${
  o.web === true
    ? `Open ${o.url}/ in a browser to play (the web app: lobby, tables, tournaments).`
    : 'The web app is not built (npm run build -w web); the API answers below.'
}
${
  o.keys > 0
    ? `Creating tables needs one of the ${o.keys} API key(s) from API_KEYS: export API_KEY=<key> first.`
    : 'Anyone may create tables here (API_KEYS=key1,key2 requires a key).'
}

Play a Schafkopf deal against three bots (bash + curl + jq; README "Play locally" has the full loop):
  S=${o.url}
  T=$(curl -s $S/v1/tables -H 'content-type: application/json'${auth} \\
        -d '{"variant":"schafkopf","seats":4,"bots":[1,2,3],"maxDeals":1}' | jq -r .tableId)
  ME=$(curl -s -X POST $S/v1/tables/$T/seats -H 'content-type: application/json' -d '{"name":"you"}' | jq -r .seatToken)
  curl -s $S/v1/tables/$T/view -H "authorization: Bearer $ME" | jq '.version, .view.deal.hands, .view.legalActions'
  # The deal opens with the knock decision (after four cards): decline it, then play on from .view.legalActions.
  curl -s $S/v1/tables/$T/actions -H "authorization: Bearer $ME" -H 'content-type: application/json' \\
        -H 'idempotency-key: move-1' -d '{"action":{"type":"choose","choice":"no-knock"}}'
  curl -s $S/v1/tables/$T/deals/1/record | jq '.result.payout'      # the settlement, once the deal is over

Variants: ${o.url}/v1/variants   Health: ${o.url}/v1/health   WebSocket: ${o.wsUrl}   Contract: openapi.yaml
Ctrl-C stops; tables survive restarts (delete ${o.dataDir} to start afresh).`;
}
