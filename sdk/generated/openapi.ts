// Generated from openapi.yaml by `npm run sdk:types` (openapi-typescript). Do not edit.

export interface paths {
    "/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness and version. */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/variants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Variants with their presets, option schemas and defaults. */
        get: operations["listVariants"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/variants/{variantId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getVariant"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tables": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Public tables with open seats, newest first, a page at a time (pass `nextCursor` back as `cursor`). Paging neither repeats nor skips a table that stays listed; tables created meanwhile are on the first page. */
        get: operations["listOpenTables"];
        put?: never;
        /** Open a table. Returns the organiser key (once). Bot seats are filled at once; the server deals when every seat is taken. */
        post: operations["createTable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tables/{tableId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tableId: components["parameters"]["TableId"];
            };
            cookie?: never;
        };
        /** Who sits where, the version, deal number and running totals. */
        get: operations["getTable"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tables/{tableId}/close": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tableId: components["parameters"]["TableId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Close the table (organiser). No further deals start; a running deal is abandoned. */
        post: operations["closeTable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tables/{tableId}/seats": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tableId: components["parameters"]["TableId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Take a seat (the first open one unless `seat` is given). Returns the seat token once. */
        post: operations["joinSeat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tables/{tableId}/seats/{seat}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tableId: components["parameters"]["TableId"];
                seat: number;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Leave a seat (its token, or the organiser). The seat opens again; a running deal waits for a new player. */
        delete: operations["leaveSeat"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tables/{tableId}/bots": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tableId: components["parameters"]["TableId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Put a bot on an open seat (organiser), at a level (default random; docs/bots.md). Bots act through the same use cases as players. */
        post: operations["addBot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tables/{tableId}/spectators": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tableId: components["parameters"]["TableId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A spectator token (public tables, anyone; private tables, the organiser). */
        post: operations["addSpectator"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tables/{tableId}/actions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tableId: components["parameters"]["TableId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Act as your seat. One conditional write; returns the new version and the events your seat may see. */
        post: operations["act"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tables/{tableId}/commands": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tableId: components["parameters"]["TableId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Act by a chat command (`EO`, `Herz Solo Tout`, `bury 7D 8D`, `grunz 65`; docs/chat-commands.md).
         * @description The text is read against the seat's legal actions (German or English, forgiving: `der Alte`, `Gras-Sau`,
         *     `queen of clubs`, `Ober` when only one Ober is legal) and the action it means is submitted exactly like
         *     POST /actions: one conditional write, the same `Idempotency-Key` (covering the text) and `expectedVersion`
         *     rules. A text that means no legal action, or more than one, is a 422 `action/unclear` whose `detail` answers in
         *     the request's language listing what is legal, with the machine list in `commands`, `legalActions` and
         *     `candidates`.
         */
        post: operations["actByText"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tables/{tableId}/view": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tableId: components["parameters"]["TableId"];
            };
            cookie?: never;
        };
        /**
         * The table as the caller sees it (seat, spectator or organiser), with the seat's legal actions.
         * @description JSON by default, with the players' display names and the legal actions as chat commands in German and English.
         *     `format=text` answers `text/plain`: the view as compact chat text in `lang` (docs/chat-commands.md) — the hand in
         *     the contract's trump order, the trick, whose turn, the legal moves as commands; the version in `X-Table-Version`.
         */
        get: operations["getView"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tables/{tableId}/trick-order": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tableId: components["parameters"]["TableId"];
            };
            cookie?: never;
        };
        /**
         * The order the cards rank in under a contract at this table (public rule data, for sorting a hand).
         * @description The variant's own trick order (the order its rules play by) for the table's variant and options: the trumps high → low and each suit's plain ranks high → low. The contract is given as query parameters, as the view's `deal.contract` writes it (`game`, `suit`, `card`, `spiess`); without `game` it is the order before a contract is fixed. A game the variant does not know ranks in the variant's normal order. Readers are those who may read the table's view. Nothing of any hand is in it.
         */
        get: operations["getTrickOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tables/{tableId}/events": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tableId: components["parameters"]["TableId"];
            };
            cookie?: never;
        };
        /** Events after `after`, redacted for the caller; page with `next`. */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tables/{tableId}/deals/{deal}/record": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tableId: components["parameters"]["TableId"];
                deal: components["parameters"]["Deal"];
            };
            cookie?: never;
        };
        /** A finished (or abandoned) deal as a game record (docs/RECORD.md), its result and the fairness proof. */
        get: operations["getRecord"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tables/{tableId}/hint": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tableId: components["parameters"]["TableId"];
            };
            cookie?: never;
        };
        /**
         * The strong bot's choice for the asking seat now (casual tables only; docs/bots.md "Hints").
         * @description For a seated player whose action the deal waits for: the action the strong bot would take from that seat's observation only (its view and the deal's actions as redacted for it), with the table's bot budget. Refused with 403 `auth/forbidden` at tournament tables and to anyone but a seated player; 409 `action/not_your_turn` when the deal does not wait for the seat. Writes nothing.
         */
        get: operations["getHint"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tables/{tableId}/deals/{deal}/analysis": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tableId: components["parameters"]["TableId"];
                deal: components["parameters"]["Deal"];
            };
            cookie?: never;
        };
        /**
         * The strong bot's evaluation of every decision of a finished deal (docs/bots.md "Deal analysis").
         * @description For a finished (or abandoned) deal: each decision that had a choice, in play order, with the expected value of every legal option under what the deciding seat knew then (its view and the actions as redacted for it, never the other hands), the chosen option's loss against the best and the deal's biggest mistakes. Computed once (each decision with the table's bot budget, BOT_BUDGET_MS) and stored. A deal still being played is refused with 409 `deal/not_over` for every audience, the organiser included; readers are those who may read the deal's record (403 while a tournament round's records are sealed).
         */
        get: operations["getDealAnalysis"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tables/{tableId}/deals/{deal}/fairness": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tableId: components["parameters"]["TableId"];
                deal: components["parameters"]["Deal"];
            };
            cookie?: never;
        };
        /** The deal's commitment, and its seed once the deal has ended. */
        get: operations["getFairness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tables/{tableId}/deals/{deal}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tableId: components["parameters"]["TableId"];
                deal: components["parameters"]["Deal"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Check a seed against the deal's commitment and dealt hands. */
        post: operations["verifyDeal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/records/score": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Settle a posted game record (docs/RECORD.md); an illegal action answers 422 naming index, seat and rule. */
        post: operations["scoreRecord"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tournaments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tournaments created with the organiser key in `Authorization`, newest first. */
        get: operations["listMyTournaments"];
        put?: never;
        /** Create a tournament (docs/tournaments.md). Returns the organiser key (once) and, with self-registration, the invite code. Round 1 starts at `startsAt` by itself. */
        post: operations["createTournament"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tournaments/series": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Series standings over several tournaments (a Jahreswertung, a cup) — each player's best `best` results count; players match by external id, else by name. */
        get: operations["seriesStandings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tournaments/{tournamentId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
            };
            cookie?: never;
        };
        /** Config, phase, players, rounds with their tables, the schedule and the fairness commitment (the seed once ended). */
        get: operations["getTournament"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tournaments/{tournamentId}/players": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register a player (organiser key, or `inviteCode` for self-registration until round 1 starts; the organiser registers walk-ins later, who play from the next round drawn). Returns the player token (once), valid at every table the draw gives the player. */
        post: operations["registerPlayer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tournaments/{tournamentId}/players/{playerId}/check-in": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
                playerId: components["parameters"]["PlayerId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Check in (the player or the organiser). Players not checked in at a draw are no-shows (a bot plays them, or they are left out). */
        post: operations["checkIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tournaments/{tournamentId}/players/{playerId}/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
                playerId: components["parameters"]["PlayerId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Withdraw (the player or the organiser); left out of later draws, kept on the list. During a round a bot takes the seat from the current deal on (its deals marked, credited only with `botCredit`). */
        post: operations["withdraw"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tournaments/{tournamentId}/me/tables": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
            };
            cookie?: never;
        };
        /** The calling player's tables in every round so far, with `yourTurn`. */
        get: operations["myTables"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tournaments/{tournamentId}/events": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
            };
            cookie?: never;
        };
        /**
         * The tournament's event stream after `after` (registration, check-in, draws, rounds, tables finished, standings).
         * @description Public. Without a token `PlayerRegistered` leaves out `externalId`; a player's token shows their own, the organiser key every one. A duplicate round's `TableFinished` is embargoed until the round ends (see TournamentEvents).
         */
        get: operations["tournamentEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tournaments/{tournamentId}/standings": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
            };
            cookie?: never;
        };
        /** The list, ranked by points, then the tie-breaks, with the prize list. JSON, CSV (`Accept: text/csv`) or a printable page (`Accept: text/html`, `?lang=de|en`). Who never played has no place (`unplayed`). */
        get: operations["standings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tournaments/{tournamentId}/rounds/{round}/tables/{table}/sheet": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
                round: number;
                table: number;
            };
            cookie?: never;
        };
        /** A table's score sheet; JSON, CSV (`Accept: text/csv`) or a printable page (`Accept: text/html`). */
        get: operations["scoreSheet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tournaments/{tournamentId}/players/{playerId}/substitute": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
                playerId: components["parameters"]["PlayerId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Organiser: someone else plays this player's seat in the running round from the current deal on (online; a human substitute gets a seat token, once) or from `fromDeal` (live). `creditTo`: whose list the deals count for. Event `SeatTakenOver`. */
        post: operations["substitutePlayer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tournaments/{tournamentId}/draw": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Organiser: publish the next round's draw before it starts (to print the seating plan); again: a re-draw from a new seed. Refused once the round started. Event `DrawPublished`. */
        post: operations["publishDraw"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tournaments/{tournamentId}/postpone": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Organiser: move the next round's start (round 1: the tournament's). Event `TournamentPostponed`. */
        post: operations["postponeTournament"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tournaments/{tournamentId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Organiser: cancel; the tournament ends as it stands, the running round's tables close. Event `TournamentCancelled`. */
        post: operations["cancelTournament"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tournaments/{tournamentId}/rounds/{round}/end": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
                round: number;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Organiser: end the running round now. Every unfinished table closes and scores the deals it played (a live table what was entered); unplayed deals score nothing for anyone. Event `RoundEndedEarly`. */
        post: operations["endRound"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tournaments/{tournamentId}/rounds/{round}/tables/{table}/finish": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
                round: number;
                table: number;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Organiser: finish a (stuck) online table now: it closes and scores the deals it played. Event `TableFinished` with `early`. */
        post: operations["finishTable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tournaments/{tournamentId}/rounds/{round}/tables/{table}/deals": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
                round: number;
                table: number;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Organiser or a player of the live table: enter a deal from the Spielliste (again under the same number: a correction). Settled by the tariff. Event `DealEntered`. */
        post: operations["enterDeal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tournaments/{tournamentId}/rounds/{round}/tables/{table}/totals": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
                round: number;
                table: number;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Organiser or a player of the live table: the sheet as per-player totals (zero-sum checked for zero-sum schemes). Event `TotalsEntered`. */
        post: operations["enterTotals"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tournaments/{tournamentId}/rounds/{round}/tables/{table}/submit": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
                round: number;
                table: number;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Organiser or a player of the live table: hand in the sheet; the table finishes with what was entered. */
        post: operations["submitSheet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tournaments/{tournamentId}/rounds/{round}/tables/{table}/corrections": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
                round: number;
                table: number;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Organiser: correct a finished table's deal (`entry`, settled by the tariff) or its totals (`deal: null`), with the reason. Event `ResultCorrected`; after the round ended also `StandingsChanged`. */
        post: operations["correctResult"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tournaments/{tournamentId}/rounds/{round}/seating": {
        parameters: {
            query?: {
                lang?: "de" | "en";
            };
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
                round: number;
            };
            cookie?: never;
        };
        /** The round's seating plan (the published draw before the start), printable, German or English. */
        get: operations["seatingPlan"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tournaments/{tournamentId}/rounds/{round}/table-cards": {
        parameters: {
            query?: {
                lang?: "de" | "en";
            };
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
                round: number;
            };
            cookie?: never;
        };
        /** One table card per page: the seats in order, who deals first, online or live. */
        get: operations["tableCards"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tournaments/{tournamentId}/rounds/{round}/sheets": {
        parameters: {
            query?: {
                lang?: "de" | "en";
            };
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
                round: number;
            };
            cookie?: never;
        };
        /** Every score sheet of the round, one page each; deals still to play as blank rows (the blank Spielliste). */
        get: operations["roundSheets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tournaments/{tournamentId}/calendar.ics": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
            };
            cookie?: never;
        };
        /** The rounds as an iCalendar feed (actual times where played, planned otherwise). */
        get: operations["tournamentCalendar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The webhooks the bearer token registered. */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Register a webhook (Standard Webhooks signing). The signing secret is shown once.
         * @description With `tableId`: the table's events as the bearer token sees them (seat token → that seat, organiser key →
         *     organiser, spectator key or none on a public table → spectator). Without `tableId`: every table created with
         *     the bearer API key from now on, seen as its organiser. Targets must be public https URLs (no private,
         *     loopback or link-local addresses; redirects are not followed). Deliveries are signed per the Standard
         *     Webhooks spec (`webhook-id`, `webhook-timestamp`, `webhook-signature`), sent at least once, in seq order per
         *     table, retried with backoff for about 28 hours; `your_turn` is sent to a seat's registration when the turn
         *     passes to it. With `tournamentId` (bearer = the tournament's organiser key; a player token gets 403, an unknown tournament 404): every event of that tournament, in seq order. Payloads: the top-level `webhooks` section. A table registration answers 409 `table/busy` when the table's metadata stays contended (nothing is registered; try again).
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{webhookId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhookId: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        /** One registration (404 for any token but the one that registered it). */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /** Remove a registration; nothing more is sent. */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{webhookId}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhookId: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new signing secret; the previous one keeps signing alongside for 24 hours. */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{webhookId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhookId: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        /** The delivery log, newest first, with every attempt (status, error, duration). */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhookId: components["parameters"]["WebhookId"];
                deliveryId: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send one delivery again now (same `webhook-id` and body, fresh signature); the attempt is logged. */
        post: operations["redeliverWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    tableEvent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A table event, redacted for the registration's audience.
         * @description Headers: `webhook-id` (stable across retries), `webhook-timestamp`, `webhook-signature` (`v1,<base64 HMAC-SHA256>`, several during a secret rotation).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["WebhookTableEvent"];
                };
            };
            responses: {
                /** @description Any 2xx acknowledges; anything else (or no answer within 15 s) is retried. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    yourTurn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The turn passed to a human seat; a seat's own registration also gets its legal actions and view. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["WebhookYourTurn"];
                };
            };
            responses: {
                /** @description Any 2xx acknowledges. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    tournamentEvent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A tournament event (registration, check-in, draw, round started/ended, table finished, standings changed, ended), in seq order per tournament, to a registration with `tournamentId`. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["WebhookTournamentEvent"];
                };
            };
            responses: {
                /** @description Any 2xx acknowledges. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * @description Stable machine codes. `request/*` malformed HTTP input (400/413/415) or too many requests (429), `auth/*`
         *     401/403, `route/not_found` 404, `table/*`, `seat/*`, `deal/*`, `action/*` from the use cases and the engine, `record/*` from record scoring (422),
         *     `internal` 500 (a bug on our side, never a client mistake).
         * @enum {string}
         */
        ErrorCode: "request/invalid" | "request/invalid_json" | "request/unsupported_media_type" | "request/too_large" | "request/too_deep" | "request/idempotency_mismatch" | "request/rate_limited" | "route/not_found" | "auth/missing_token" | "auth/malformed" | "auth/forbidden" | "variant/not_found" | "table/not_found" | "table/archived" | "table/full" | "table/busy" | "table/version_conflict" | "table/closed" | "table/unknown_variant" | "table/unknown_preset" | "table/bad_options" | "table/bad_seat_count" | "seat/invalid" | "seat/taken" | "seat/bad_bot_level" | "deal/not_found" | "deal/not_over" | "deal/in_progress" | "deal/not_started" | "deal/over" | "deal/bad_deck" | "action/bad_seat" | "action/not_your_turn" | "action/malformed" | "action/illegal" | "action/unclear" | "record/shape" | "record/unknown_variant" | "record/unknown_preset" | "record/options" | "record/contract" | "record/deal" | "tournament/not_found" | "tournament/bad_config" | "tournament/exists" | "tournament/registration_closed" | "tournament/duplicate_player" | "tournament/unknown_player" | "tournament/player_withdrawn" | "tournament/ended" | "tournament/round_order" | "tournament/round_running" | "tournament/too_few_players" | "tournament/unknown_table" | "tournament/table_finished" | "tournament/bad_deals" | "tournament/busy" | "tournament/no_self_registration" | "tournament/bad_invite" | "tournament/round_started" | "tournament/not_live" | "tournament/bad_entry" | "tournament/not_zero_sum" | "tournament/not_seated" | "internal" | "request/throttled" | "webhook/not_found" | "webhook/target_refused" | "webhook/limit_reached";
        Problem: {
            /** Format: uri */
            type: string;
            title: string;
            status: number;
            detail: string;
            code: components["schemas"]["ErrorCode"];
            /** @description the offending input field (JSON path */
            field?: string;
            /** @description the game rule that forbids the action */
            rule?: string;
            seat?: number;
            /** @description on `table/version_conflict` */
            currentVersion?: number;
            /** @description record scoring: index in `actions` of the first illegal action */
            index?: number;
            /**
             * @description `action/unclear`: why the text was not read as one legal action
             * @enum {string}
             */
            reason?: "empty" | "nothing-legal" | "unknown-words" | "no-match" | "ambiguous";
            /** @description `action/unclear`: every legal action as a command, in the language of `detail` */
            commands?: string[];
            /** @description `action/unclear`: the legal actions, index for index with `commands` */
            legalActions?: components["schemas"]["Action"][];
            /** @description `action/unclear`: the actions the text may have meant, when fewer than all */
            candidates?: components["schemas"]["Action"][];
            /** @description on `request/rate_limited`: seconds to wait (Retry-After) */
            retryAfter?: number;
            /**
             * Format: date-time
             * @description on `table/archived` (410): when the closed table was archived
             */
            archivedAt?: string;
            /**
             * @description on `webhook/limit_reached`: the cap the registration ran into (docs/operations.md)
             * @enum {string}
             */
            limit?: "webhooks-per-token" | "webhooks-per-table";
        };
        Health: {
            /** @constant */
            status: "ok";
            version: string;
        };
        /** @description canonical card id (docs/RECORD.md) */
        Card: string;
        Seat: number;
        Variant: {
            id: string;
            title: string;
            tableSeats: {
                min: number;
                max: number;
            };
            defaultPreset: string;
            /** @description preset name → description and the option values it sets */
            presets: {
                [key: string]: {
                    description: string;
                    options: components["schemas"]["Options"];
                };
            };
            /** @description JSON Schema of the options object (defaults included) */
            optionsSchema: {
                [key: string]: unknown;
            };
        };
        VariantList: {
            variants: components["schemas"]["Variant"][];
        };
        /** @enum {string} */
        Visibility: "public" | "private";
        CreateTableRequest: {
            /** @example schafkopf */
            variant: string;
            /** @description default: the variant's defaultPreset */
            preset?: string;
            /** @description overrides of the preset (see the variant's optionsSchema) */
            options?: components["schemas"]["Options"];
            seats: number;
            /** @description seats taken by bots, as a seat number (playing at `botLevel`) or a seat with its own level */
            bots?: (components["schemas"]["Seat"] | {
                seat: components["schemas"]["Seat"];
                level?: components["schemas"]["BotLevel"];
            })[];
            botLevel?: components["schemas"]["BotLevel"];
            visibility?: components["schemas"]["Visibility"];
            dealer?: components["schemas"]["Seat"];
            /** @description the table closes after this many deals (default: unlimited; 1 when every seat is a bot) */
            maxDeals?: number;
            clock?: components["schemas"]["TurnClock"];
        };
        /** @description A turn clock (default: none). When a seat's time runs out the server plays for it with the bot policy and appends `TurnTimedOut`; after `timeoutsUntilAbsent` in a row, `SeatAbsent` and a bot plays the seat until its player acts again (`SeatReturned`). The clock restarts with every commit. A player whose last WebSocket connection goes away has `graceSeconds` to reconnect; then the seat is marked absent too, and reconnecting marks it back (docs/presence.md). */
        TurnClock: {
            turnSeconds: number;
            /** @description default 2 */
            timeoutsUntilAbsent?: number;
            /** @description seconds a disconnected player may take to reconnect before the seat is marked absent (default 30) */
            graceSeconds?: number;
        };
        SeatSummary: {
            seat: components["schemas"]["Seat"];
            /** @enum {string} */
            kind: "open" | "human" | "bot";
            name?: string;
            level?: components["schemas"]["BotLevel"];
        };
        TablePublic: {
            tableId: string;
            variant: string;
            preset: string;
            visibility: components["schemas"]["Visibility"];
            seats: components["schemas"]["SeatSummary"][];
            /** Format: date-time */
            createdAt: string;
            maxDeals?: number;
            clock?: components["schemas"]["TurnClock"];
            /** @description the table's level, for bot seats without their own and for seats the turn clock plays for */
            botLevel?: components["schemas"]["BotLevel"];
            version: number;
        };
        TableDetail: components["schemas"]["TablePublic"] & {
            dealNo: number;
            closed: boolean;
            totals: components["schemas"]["Exact"][];
        };
        /** @description an exact amount as a reduced fraction */
        Exact: string;
        CreateTableResponse: {
            tableId: string;
            /** @description shown once; keep it secret */
            organiserKey: string;
            version: number;
            table: components["schemas"]["TablePublic"];
        };
        LobbyEntry: {
            tableId: string;
            variant: string;
            preset: string;
            seats: number;
            openSeats: number;
            /** Format: date-time */
            createdAt: string;
        };
        TableList: {
            tables: components["schemas"]["LobbyEntry"][];
            /** @description Present when more tables follow; pass it as `cursor` for the next page. */
            nextCursor?: string;
        };
        VersionOnly: {
            version: number;
        };
        JoinRequest: {
            seat?: components["schemas"]["Seat"];
            name?: string;
        };
        JoinResponse: {
            tableId: string;
            seat: components["schemas"]["Seat"];
            /** @description shown once; acts for this seat only */
            seatToken: string;
        };
        /**
         * @description How a bot plays (docs/bots.md): `random` legal moves, `heuristic` rules of thumb, `strong` sampling and search within BOT_BUDGET_MS per decision. Any other value is a 422 `seat/bad_bot_level` naming the field. A level that fails plays a random legal action instead.
         * @default heuristic
         * @enum {string}
         */
        BotLevel: "random" | "heuristic" | "strong";
        AddBotRequest: {
            seat?: components["schemas"]["Seat"];
            level?: components["schemas"]["BotLevel"];
        };
        AddBotResponse: {
            seat: components["schemas"]["Seat"];
            level: components["schemas"]["BotLevel"];
        };
        SpectatorResponse: {
            tableId: string;
            spectatorToken: string;
        };
        /** @description One action (docs/RECORD.md "Actions"): one entry per action type, each shape naming the variants that have it. A table refuses an action, game or choice its variant does not have (422 `action/malformed`). Card spellings of docs/RECORD.md are accepted and answered canonical. Generated from the variants' vocabularies (engine/variants/<variant>/vocabulary.ts) by `npm run openapi:actions`; test/functions/openapi-actions.test.ts fails when it drifts. */
        Action: {
            /** @constant */
            type: "pass";
        } | {
            /** @constant */
            type: "knock";
        } | ({
            /** @constant */
            type: "choose";
            /** @enum {string} */
            choice: "no-knock";
        } | {
            /** @constant */
            type: "choose";
            /** @enum {string} */
            choice: "trick-1" | "trick-2" | "trick-3" | "trick-4" | "trick-5" | "trick-6" | "trick-7" | "trick-8" | "trick-9" | "trick-10" | "trick-11" | "trick-12" | "trick-13" | "trick-14" | "trick-15" | "trick-16";
        } | {
            /** @constant */
            type: "choose";
            /** @enum {string} */
            choice: "redeal" | "ramsch" | "muss" | "refuse";
            card?: string;
        }) | ({
            /** @constant */
            type: "bid";
            /** @enum {string} */
            game: "sauspiel" | "solo" | "wenz" | "geier" | "farbwenz" | "farbgeier" | "bettel" | "bettel-brett" | "sie" | "hochzeit";
            /** @enum {string} */
            suit?: "E" | "G" | "H" | "S";
            tout?: boolean;
            card?: string;
        } | {
            /** @constant */
            type: "bid";
            value: number | "schwarz";
        } | {
            /** @constant */
            type: "bid";
            /** @enum {string} */
            game: "sauspiel" | "farbspiel" | "hochzeit" | "solo" | "geier" | "wenz" | "niederer" | "sie";
            /** @enum {string} */
            suit?: "E" | "G" | "H" | "S";
            tout?: boolean;
        }) | {
            /** @constant */
            type: "accept";
            /** @description absent where the audience may not see the card */
            card?: string;
        } | {
            /** @constant */
            type: "kontra";
        } | {
            /** @constant */
            type: "re";
        } | {
            /** @constant */
            type: "play";
            card: string;
        } | {
            /** @constant */
            type: "trog";
            cards: string[];
        } | ({
            /** @constant */
            type: "announce";
            /** @enum {string} */
            game: "mastschwein" | "sauerei" | "keiler" | "eber" | "wutz" | "ferkelparade" | "knorpel" | "schwarte";
            /** @enum {string} */
            suit?: "E" | "G" | "H" | "S";
            card?: string;
            spiess?: boolean;
        } | {
            /** @constant */
            type: "announce";
            /** @enum {string} */
            game: "muss";
            card?: string;
        }) | {
            /** @constant */
            type: "huftritt";
        } | {
            /** @constant */
            type: "stallgeruch";
        } | {
            /** @constant */
            type: "pick";
        } | {
            /** @constant */
            type: "blitz";
            cards: string[];
        } | {
            /** @constant */
            type: "bury";
            cards: string[];
        } | {
            /** @constant */
            type: "call";
            card: string;
            under?: string;
        } | {
            /** @constant */
            type: "alone";
        } | {
            /** @constant */
            type: "crack";
        } | {
            /** @constant */
            type: "recrack";
        };
        ActionRequest: {
            action: components["schemas"]["Action"];
            /** @description 409 `table/version_conflict` unless the table is at this version */
            expectedVersion?: number;
        };
        SeqEvent: {
            seq: number;
            event: components["schemas"]["TableEvent"];
        };
        /** @description An event of the table's stream, redacted for its audience (hands of other seats are empty lists). */
        TableEvent: {
            /** @constant */
            type: "TableOpened";
            variant: string;
            preset: string;
            options: components["schemas"]["Options"];
            seats: number;
            dealer: components["schemas"]["Seat"];
        } | {
            /** @constant */
            type: "DealStarted";
            deal: number;
            dealer: components["schemas"]["Seat"];
            players: components["schemas"]["Seat"][];
            dealerInDeal: components["schemas"]["Seat"];
            layout: {
                hands: components["schemas"]["Card"][][];
                blind: components["schemas"]["Card"][];
                faceUp?: components["schemas"]["Card"][][];
                faceDown?: components["schemas"]["Card"][][];
                /** @description seven-handed Sheepshead's die, rolled from the deal's seed; hidden until DieRolled */
                die?: number;
            };
            bock: number;
            commitment?: string;
        } | {
            /** @constant */
            type: "ActionTaken";
            deal: number;
            seat: components["schemas"]["Seat"];
            action: components["schemas"]["Action"];
        } | {
            /** @constant */
            type: "DealNoted";
            deal: number;
            note: {
                /** @enum {string} */
                type: "TrickTaken" | "ContractSet" | "CardRevealed" | "DieRolled" | "CardsDealt" | "DealOver";
            };
        } | {
            /** @constant */
            type: "DealEnded";
            deal: number;
            result: components["schemas"]["DealResult"];
            totals: components["schemas"]["Exact"][];
            pot: components["schemas"]["Exact"];
        } | {
            /** @constant */
            type: "TableClosed";
            /**
             * @description Set when the server closed the table by its idle policy (docs/operations.md "Idle tables"): `idle` no commit for the idle limit, `lobby-idle` no deal started within the lobby limit, `unattended` no player present for the unattended limit. Absent when the organiser closed the table or its last deal ended.
             * @enum {string}
             */
            reason?: "idle" | "lobby-idle" | "unattended";
        } | {
            /** @constant */
            type: "TurnTimedOut";
            seat: components["schemas"]["Seat"];
        } | {
            /** @constant */
            type: "SeatAbsent";
            seat: components["schemas"]["Seat"];
        } | {
            /** @constant */
            type: "SeatReturned";
            seat: components["schemas"]["Seat"];
        } | {
            /** @constant */
            type: "SeatTaken";
            seat: components["schemas"]["Seat"];
            name: string;
        } | {
            /** @constant */
            type: "SeatLeft";
            seat: components["schemas"]["Seat"];
        } | {
            /** @constant */
            type: "BotSeated";
            seat: components["schemas"]["Seat"];
        } | {
            /** @constant */
            type: "DealAbandoned";
            deal: number;
            /** @enum {string} */
            reason: "table-closed";
        };
        Contract: {
            declarer?: components["schemas"]["Seat"];
            game: string;
            /** @enum {string} */
            suit?: "E" | "G" | "H" | "S";
            tout?: boolean;
            card?: string;
            bid?: number | "schwarz";
            spiess?: boolean;
        };
        /** @description docs/RECORD.md settlement, per table seat; `payoutExact` when a share is not whole. */
        DealResult: {
            /** @constant */
            complete: true;
            contract: components["schemas"]["Contract"] | null;
            declarers: components["schemas"]["Seat"][];
            cardPoints: number[];
            tricks?: number[];
            won: boolean;
            schneider: boolean;
            schwarz: boolean;
            laufende: number;
            multiplier: number;
            payout: number[];
            payoutExact?: components["schemas"]["Exact"][];
            pot?: components["schemas"]["Exact"];
            thrownIn?: string;
            /** @description variant-specific settlement details */
            details?: {
                [key: string]: unknown;
            };
        };
        ActionResponse: {
            version: number;
            events: components["schemas"]["SeqEvent"][];
            /** @description true when an Idempotency-Key repeated an earlier request */
            replayed: boolean;
        };
        TrickCard: {
            seat: components["schemas"]["Seat"];
            card: components["schemas"]["Card"];
        };
        DealView: {
            /** @description The deal's step. Schafkopf: `knock` (Klopfen after the first four cards: every seat holds its first packet and every seat in `toAct` decides at once, `knock` or `choose` `no-knock`; then the second packet is dealt), `auction`, `hochzeit`, `muss`, `play`, `done`. Any variant: `abandoned` (the table was closed mid-deal). */
            phase: string;
            players: number;
            dealer: components["schemas"]["Seat"];
            forehand: components["schemas"]["Seat"];
            toAct: components["schemas"]["Seat"][];
            /** @description own cards; null for every hand this audience may not see */
            hands: (components["schemas"]["Card"][] | null)[];
            handCounts: number[];
            blind?: components["schemas"]["Card"][] | null;
            blindCount?: number;
            contract: components["schemas"]["Contract"] | null;
            declarers: components["schemas"]["Seat"][];
            trick: components["schemas"]["TrickCard"][];
            lastTrick?: components["schemas"]["TrickCard"][] | null;
            tricksTaken: number[];
            cardPoints: number[];
            auction?: {
                seat: components["schemas"]["Seat"];
                action: components["schemas"]["Action"];
            }[];
            doublings?: {
                seat: components["schemas"]["Seat"];
                type: string;
            }[];
            result?: components["schemas"]["DealOutcome"] | null;
            no: number;
            participants: components["schemas"]["Seat"][];
            commitment?: string;
            /** @description variant-specific state (e.g. the called card) */
            extra?: {
                [key: string]: unknown;
            };
            /**
             * @description the deal ended unplayed (phase `abandoned`, nobody to act, no result)
             * @enum {string}
             */
            abandoned?: "table-closed";
        };
        TableView: {
            variant: string;
            preset: string;
            options: components["schemas"]["Options"];
            seats: number;
            dealer: components["schemas"]["Seat"];
            dealNo: number;
            totals: components["schemas"]["Exact"][];
            pot: components["schemas"]["Exact"];
            bockQueue: number[];
            closed: boolean;
            deal: components["schemas"]["DealView"] | null;
            lastResult: components["schemas"]["DealResult"] | null;
            legalActions: components["schemas"]["Action"][];
        };
        Audience: string;
        ViewResponse: {
            tableId: string;
            audience: components["schemas"]["Audience"];
            version: number;
            view: components["schemas"]["TableView"];
            /**
             * Format: date-time
             * @description With a turn clock, while a player is to act — when the server plays for the seat(s) to act.
             */
            deadline?: string;
            /**
             * @description The table deals no more for now: every player's seat is marked absent (timed out, or disconnected past the grace period), so the next deal waits until one of them is back (reconnects; docs/presence.md).
             * @enum {string}
             */
            paused?: "players-away";
            /** @description Display names by table seat (the name given when joining; `bot-N`; null for an open seat). */
            names: (string | null)[];
            commands: components["schemas"]["LegalCommands"];
            /** @description Whether each seat's player is connected (docs/presence.md); by table seat, bots and open seats read as not connected. */
            presence?: components["schemas"]["SeatPresence"][];
        };
        SeatPresence: {
            seat: components["schemas"]["Seat"];
            /** @description a WebSocket connection with the seat's token is subscribed to the table */
            connected: boolean;
            /**
             * Format: date-time
             * @description the last change (came or went); absent when the seat's player never connected
             */
            since?: string;
        };
        CommandRequest: {
            /** @description the chat command, e.g. `Sauspiel auf die Blaue` */
            text: string;
            /**
             * @description the language of the answer (and of `command`); by default the one the text is written in
             * @enum {string}
             */
            lang?: "de" | "en";
            /** @description 409 `table/version_conflict` unless the table is at this version */
            expectedVersion?: number;
        };
        CommandResponse: {
            version: number;
            events: components["schemas"]["SeqEvent"][];
            /** @description true when an Idempotency-Key repeated an earlier request */
            replayed: boolean;
            action: components["schemas"]["Action"];
            /** @description the action as a command in the request's language */
            command: string;
        };
        /** @description The seat's legal actions as chat commands, index for index with `view.legalActions`. */
        LegalCommands: {
            de: string[];
            en: string[];
        };
        EventsResponse: {
            tableId: string;
            audience: components["schemas"]["Audience"];
            version: number;
            events: components["schemas"]["SeqEvent"][];
            /** @description pass as `after` for the next page; null at the end */
            next: number | null;
        };
        /** @description One deal (docs/RECORD.md). */
        GameRecord: {
            variant: string;
            preset?: string;
            options?: components["schemas"]["Options"];
            seats: number;
            dealer: components["schemas"]["Seat"];
            hands: string[][];
            blind?: string[];
            faceUp?: string[][];
            faceDown?: string[][];
            contract?: components["schemas"]["Contract"];
            actions: {
                seat: components["schemas"]["Seat"];
                type: string;
            }[];
            /** @description seven-handed Sheepshead's die roll */
            die?: number;
            /**
             * @description an abandoned deal's record: it ended unplayed, see reason
             * @constant
             */
            complete?: false;
            /** @description why the deal ended unplayed (table-closed) */
            reason?: string;
        };
        ScoreResult: components["schemas"]["DealResult"] | {
            /** @constant */
            complete: false;
            toAct: components["schemas"]["Seat"][];
            phase: string;
            /** @description the record's reason, for an abandoned deal */
            reason?: string;
        };
        Fairness: {
            deal: number;
            commitment: string | null;
            /** @description null until the deal has ended */
            seed: string | null;
            revealed: boolean;
            algorithm: string;
        };
        DealAnalysis: {
            tableId: string;
            deal: number;
            /** @description the analysing bot's version (a stored analysis of another version is recomputed) */
            version: string;
            /** @description the time budget each decision's work was sized from */
            budgetMs: number;
            /** @description the table seat of each deal seat */
            players: components["schemas"]["Seat"][];
            decisions: components["schemas"]["AnalysedDecision"][];
            /** @description indices into `decisions` of the biggest mistakes (loss > 0), worst first, at most 5 */
            mistakes: number[];
        };
        TrickOrder: {
            tableId: string;
            variant: string;
            /** @description the contract asked about (null before a contract is fixed) */
            contract: null | {
                game: string;
                /** @enum {string} */
                suit?: "E" | "G" | "H" | "S";
                card?: string;
                spiess?: boolean;
            };
            /** @description the trumps, high → low */
            trumps: string[];
            /** @description per suit, the plain (non-trump) ranks high → low */
            plain: {
                E: string[];
                G: string[];
                H: string[];
                S: string[];
            };
        };
        AnalysedDecision: {
            /** @description index of the action among the deal's actions */
            index: number;
            seat: components["schemas"]["Seat"];
            tableSeat: components["schemas"]["Seat"];
            /** @enum {string} */
            kind: "card" | "auction";
            chosen: components["schemas"]["Action"];
            options: {
                action: components["schemas"]["Action"];
                /** @description expected value under what the seat knew, in `unit`; null when not evaluated */
                value: number | null;
            }[];
            /**
             * @description step — the payout step the declaring party reaches (0 lost Schneider, 1 lost, 3 won, 4 won Schneider); points / tricks — of the party the search values; payout — this seat's payout in money units
             * @enum {string}
             */
            unit: "step" | "points" | "tricks" | "payout";
            /**
             * @description whether this seat wants the value high or low
             * @enum {string}
             */
            prefer: "high" | "low";
            best: components["schemas"]["Action"];
            /** @description how much worse the chosen option is than the best */
            loss: number;
            /** @description the loss on a common scale */
            severity: number;
            /** @description sampled deals the evaluation rests on */
            samples: number;
        };
        RecordResponse: {
            record: components["schemas"]["GameRecord"];
            /** @description false for a deal abandoned when its table closed mid-deal (then `result` is null) */
            complete: boolean;
            /**
             * @description why an abandoned deal ended unplayed
             * @enum {string}
             */
            reason?: "table-closed";
            /** @description the table seat of each record seat (record seat i = table seat players[i]; the others sat out) */
            players: components["schemas"]["Seat"][];
            /** @description the settlement per table seat (seats that sat out get 0); null for an abandoned deal */
            result: components["schemas"]["DealResult"] | null;
            fairness: components["schemas"]["Fairness"];
        };
        VerifyRequest: {
            seed: string;
        };
        VerifyResponse: {
            deal: number;
            commitmentMatches: boolean;
            dealMatches: boolean;
        };
        CreateTournamentRequest: {
            /** @description one line of text: control characters and line breaks are refused (400, field `name`) */
            name?: string;
            /** @example schafkopf */
            variant: string;
            /** @description default: the variant's `tournament` preset (1/5 plus-minus) if it has one */
            preset?: string;
            options?: components["schemas"]["Options"];
            /** @default 4 */
            tableSize: number;
            /** @default 2 */
            rounds: number;
            /**
             * @description a multiple of tableSize
             * @default 32
             */
            dealsPerRound: number;
            /**
             * Format: date-time
             * @description ISO 8601 with an offset or Z
             */
            startsAt: string;
            /** @example Europe/Berlin */
            timeZone?: string;
            /** @default 15 */
            pauseMinutes: number;
            /**
             * @description planning figure for the calendar
             * @default 3
             */
            minutesPerDeal: number;
            scoring?: ("plus-minus" | "money" | "five-ten-fifteen" | "seeger-fabian") | {
                /** @enum {string} */
                scheme: "plus-minus" | "money" | "five-ten-fifteen" | "seeger-fabian";
                centsPerPoint?: number;
            };
            /**
             * @default [
             *       "soli",
             *       "lot"
             *     ]
             */
            tieBreaks: ("soli" | "wins" | "lot")[];
            clock?: {
                turnSeconds: number;
            };
            /**
             * @default drop
             * @enum {string}
             */
            noShows: "bot" | "drop";
            /**
             * @default larger-tables
             * @enum {string}
             */
            remainder: "larger-tables" | "bots";
            /** @default false */
            duplicate: boolean;
            /**
             * @description players who never played a deal are left off the ranking, or ranked together last
             * @default unranked
             * @enum {string}
             */
            unplayed: "unranked" | "last";
            /**
             * @description deals a bot played in an absent player's seat count for that player (marked either way)
             * @default false
             */
            botCredit: boolean;
            prizes?: components["schemas"]["PrizeConfig"];
            /** @default false */
            selfRegistration: boolean;
            organiserKey?: string;
        };
        CreateTournamentResponse: {
            tournamentId: string;
            organiserKey: string;
            inviteCode?: string;
            tournament: components["schemas"]["Tournament"];
        };
        Tournament: {
            tournamentId: string;
            version: number;
            /** @enum {string} */
            phase: "registration" | "playing" | "pause" | "ended";
            /** @description the tournament configuration as created (CreateTournamentRequest */
            config: {
                [key: string]: unknown;
            };
            /** @description organiser only */
            inviteCode?: string;
            players: {
                playerId: string;
                name: string;
                /** @description shown to the organiser and to the player only */
                externalId?: string;
                checkedIn: boolean;
                withdrawn: boolean;
                live?: boolean;
                /** @description registered after round 1 started */
                walkIn?: boolean;
            }[];
            cancelled?: {
                /** Format: date-time */
                at?: string;
                reason?: string;
            };
            /** @description the next round's draw, published before its start */
            draw?: {
                [key: string]: unknown;
            };
            rounds: {
                round: number;
                /** Format: date-time */
                startedAt?: string;
                /** Format: date-time */
                endedAt?: string;
                zeroSum?: boolean | null;
                corrections?: {
                    [key: string]: unknown;
                }[];
                tables: {
                    table: number;
                    /** @description the online table (absent for a live table) */
                    tableId?: string;
                    /** @description played with real cards; its sheet is entered by hand */
                    live?: boolean;
                    /** @description deals entered so far (live) */
                    entered?: number;
                    /** @description totals entered (live) */
                    totals?: string[];
                    /** @description deals not played (finished early) */
                    unplayed?: number;
                    takeovers?: {
                        [key: string]: unknown;
                    }[];
                    deals: number;
                    finished: boolean;
                    seats: {
                        [key: string]: unknown;
                    }[];
                }[];
            }[];
            schedule: {
                round: number;
                /** Format: date-time */
                startsAt: string;
                /** Format: date-time */
                endsAt: string;
                /** @enum {string} */
                status: "played" | "playing" | "planned";
            }[];
            nextRound?: {
                round?: number;
                /** Format: date-time */
                startsAt?: string;
            };
            fairness: {
                /** @description sha256 of `<tournamentId>:<seed>` */
                commitment: string;
                /** @description revealed once the tournament has ended */
                seed?: string;
            };
        };
        TournamentList: {
            tournaments: {
                tournamentId: string;
                name: string;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                startsAt: string;
            }[];
        };
        RegisterPlayerRequest: {
            /** @description one line of text: control characters and line breaks are refused (400, field `name`) */
            name: string;
            externalId?: string;
            /** @description self-registration without the organiser key */
            inviteCode?: string;
            /** @description plays at a live table (real cards */
            live?: boolean;
        };
        RegisterPlayerResponse: {
            tournamentId: string;
            playerId: string;
            /** @description `st_<playerId>.…`: the seat token at every table of this player */
            playerToken: string;
            version: number;
        };
        MyTables: {
            tournamentId: string;
            playerId: string;
            tables: {
                round: number;
                table: number;
                tableId: string;
                seat: number;
                deals: number;
                dealNo: number;
                /** @enum {string} */
                status: "playing" | "finished";
                yourTurn: boolean;
            }[];
        };
        /** @description The tournament's events as published. In a duplicate tournament a `TableFinished` of a round still running comes with `duplicate: true`, `embargoed: true` and empty `deals` and `points` (the other tables play the same cards); once the round has ended it reads in full. */
        TournamentEvents: {
            tournamentId: string;
            version: number;
            events: {
                seq: number;
                event: {
                    /** @enum {string} */
                    type: "TournamentCreated" | "PlayerRegistered" | "CheckedIn" | "Withdrawn" | "RoundDrawn" | "RoundStarted" | "TableFinished" | "RoundEnded" | "StandingsChanged" | "TournamentEnded" | "DrawPublished" | "TournamentCancelled" | "TournamentPostponed" | "SeatTakenOver" | "DealEntered" | "TotalsEntered" | "ResultCorrected" | "RoundEndedEarly" | "LotsDrawn";
                };
            }[];
        };
        StandingRow: {
            /** @description null for a player who never played (unplayed unranked) */
            rank: number | null;
            ranked: boolean;
            /** @description deals a bot played in this player's seat */
            botDeals: number;
            /** @description deals played as a substitute in another seat */
            substituteDeals: number;
            playerId: string;
            name: string;
            /** @description exact points per round */
            rounds: string[];
            /** @description exact, e.g. "-3" or "5/2" */
            total: string;
            deals: number;
            gamesWon: number;
            soliWon: number;
            /** @description drawn lot number (lower wins the last tie-break) */
            lot: number;
            withdrawn: boolean;
        };
        Standings: {
            tournamentId: string;
            /** @enum {string} */
            phase: "registration" | "playing" | "pause" | "ended";
            roundsPlayed: number;
            /** @description the scoring scheme and its parameters */
            scoring: {
                [key: string]: unknown;
            };
            tieBreaks: string[];
            standings: components["schemas"]["StandingRow"][];
            prizes?: components["schemas"]["PrizeList"];
        };
        /** @description whole cents; `share` weights divide the entry fees of everyone who played (largest remainders) */
        PrizeConfig: {
            entryFeeCents?: number;
            retainCents?: number;
            places?: components["schemas"]["Prize"][];
            rounds?: components["schemas"]["Prize"][];
            tables?: components["schemas"]["Prize"][];
        };
        Prize: {
            place: number;
            cents?: number;
            share?: number;
            goods?: string;
        };
        PrizeList: {
            collectedCents: number;
            retainedCents: number;
            poolCents: number;
            undistributedCents: number;
            awards: {
                /** @enum {string} */
                kind: "place" | "round" | "table";
                round?: number;
                table?: number;
                place: number;
                playerId: string;
                name: string;
                cents?: number;
                goods?: string[];
            }[];
        };
        /** @description a deal as the Spielliste has it, settled by the tournament's tariff (docs/tournaments.md "Live tables") */
        LiveEntry: {
            /** @constant */
            kind: "game";
            /** @description sauspiel, solo, wenz, …; null: thrown in */
            game: string | null;
            /** @enum {string} */
            suit?: "E" | "G" | "H" | "S";
            tout?: boolean;
            declarers: number[];
            won: boolean;
            schneider?: boolean;
            schwarz?: boolean;
            laufende?: number;
            knocks?: number;
            kontra?: boolean;
            re?: boolean;
            sitsOut?: number;
        } | {
            /** @constant */
            kind: "payout";
            payout: number[];
            sitsOut?: number;
        };
        Reason: {
            reason?: string;
        };
        ScoreSheet: {
            live: boolean;
            /** @description deals still to fill in by hand */
            blank: number[];
            unplayed: number;
            notes: string[];
            /** @enum {string} */
            lang: "de" | "en";
            tournament: string;
            round: number;
            table: number;
            tableId: string;
            scheme: string;
            seats: string[];
            rows: {
                /** @description knocks, Kontra, Re as printed: "1 knock ×2 · Kontra ×2 = ×4" */
                doubling: string;
                corrected: boolean;
                deal: number;
                dealer: string;
                game: string;
                declarers: string;
                won: boolean | null;
                extras: string;
                points: string[];
            }[];
            totals: string[] | null;
            zeroSum: boolean | null;
        };
        TournamentVersion: {
            version: number;
        };
        /**
         * @description table events and `your_turn` for table registrations, tournament events for tournament registrations
         * @enum {string}
         */
        WebhookEventType: "TableOpened" | "DealStarted" | "ActionTaken" | "DealNoted" | "DealEnded" | "TableClosed" | "your_turn" | "TournamentCreated" | "PlayerRegistered" | "CheckedIn" | "Withdrawn" | "RoundDrawn" | "RoundStarted" | "TableFinished" | "RoundEnded" | "StandingsChanged" | "TournamentEnded" | "DrawPublished" | "TournamentCancelled" | "TournamentPostponed" | "SeatTakenOver" | "DealEntered" | "TotalsEntered" | "ResultCorrected" | "RoundEndedEarly" | "LotsDrawn" | "*";
        WebhookRequest: {
            /** @description public https URL */
            url: string;
            /** @description default: every event (`*`) */
            events?: components["schemas"]["WebhookEventType"][];
            tableId?: string;
            /** @description one tournament's events (bearer = its organiser key; not with tableId) */
            tournamentId?: string;
            description?: string;
        };
        Webhook: {
            id: string;
            url: string;
            events: components["schemas"]["WebhookEventType"][];
            scope: {
                /** @constant */
                kind: "table";
                tableId: string;
                audience: components["schemas"]["Audience"];
            } | {
                /** @constant */
                kind: "apiKey";
            } | {
                /** @constant */
                kind: "tournament";
                tournamentId: string;
            };
            /** Format: date-time */
            createdAt: string;
            description?: string;
        };
        WebhookCreated: components["schemas"]["Webhook"] & {
            /** @description the signing secret; shown once */
            secret: string;
        };
        WebhookList: {
            webhooks: components["schemas"]["Webhook"][];
        };
        WebhookRotated: {
            secret: string;
            /** Format: date-time */
            previousValidUntil: string;
        };
        WebhookAttempt: {
            /** Format: date-time */
            at: string;
            /** @description the HTTP status the target answered */
            status?: number;
            /** @description time-out, refused target, redirect, connection error */
            error?: string;
            ms: number;
        };
        WebhookDelivery: {
            /** @description also the `webhook-id` header */
            id: string;
            /** @description a table registration's delivery */
            tableId?: string;
            /** @description a tournament registration's delivery */
            tournamentId?: string;
            seq: number;
            type: components["schemas"]["WebhookEventType"];
            /** @enum {string} */
            status: "pending" | "delivered" | "failed";
            attempts: components["schemas"]["WebhookAttempt"][];
            nextAttemptAt: string | null;
            payload: components["schemas"]["WebhookPayload"];
        };
        WebhookDeliveryList: {
            deliveries: components["schemas"]["WebhookDelivery"][];
        };
        /** @description The body of a delivery (Standard Webhooks `{type, timestamp, data}`). */
        WebhookPayload: components["schemas"]["WebhookTableEvent"] | components["schemas"]["WebhookYourTurn"] | components["schemas"]["WebhookTournamentEvent"];
        WebhookTournamentEvent: {
            /** @enum {string} */
            type: "TournamentCreated" | "PlayerRegistered" | "CheckedIn" | "Withdrawn" | "RoundDrawn" | "RoundStarted" | "TableFinished" | "RoundEnded" | "StandingsChanged" | "TournamentEnded" | "DrawPublished" | "TournamentCancelled" | "TournamentPostponed" | "SeatTakenOver" | "DealEntered" | "TotalsEntered" | "ResultCorrected" | "RoundEndedEarly" | "LotsDrawn";
            /** Format: date-time */
            timestamp: string;
            data: {
                tournamentId: string;
                seq: number;
                /** @description the event as GET /v1/tournaments/{tournamentId}/events shows it */
                event: {
                    type: string;
                };
            };
        };
        WebhookTableEvent: {
            /** @enum {string} */
            type: "TableOpened" | "DealStarted" | "ActionTaken" | "DealNoted" | "DealEnded" | "TableClosed";
            /** Format: date-time */
            timestamp: string;
            data: {
                tableId: string;
                seq: number;
                audience: components["schemas"]["Audience"];
                event: components["schemas"]["TableEvent"];
            };
        };
        WebhookYourTurn: {
            /** @constant */
            type: "your_turn";
            /** Format: date-time */
            timestamp: string;
            data: {
                tableId: string;
                version: number;
                seat: components["schemas"]["Seat"];
                name?: string;
                deal: number;
                /** @description only for the seat's own registration */
                legalActions?: components["schemas"]["Action"][];
                view?: components["schemas"]["TableView"];
            };
        };
        /** @description house-rule options of a variant (names and values in the variant's optionsSchema) */
        Options: {
            [key: string]: boolean | number | string | null | unknown[] | {
                [key: string]: unknown;
            };
        };
        /** @description an exact amount as numerator / denominator */
        Rational: {
            n: number;
            d: number;
        };
        /** @description The running deal's settlement as the engine keeps it (amounts as rationals), once it is over. */
        DealOutcome: {
            contract: components["schemas"]["Contract"] | null;
            declarers: components["schemas"]["Seat"][];
            cardPoints: number[];
            tricks: number[];
            won: boolean;
            schneider: boolean;
            schwarz: boolean;
            laufende: number;
            multiplier: number;
            payout: components["schemas"]["Rational"][];
            pot: components["schemas"]["Rational"];
            thrownIn?: string;
            details?: {
                [key: string]: unknown;
            };
        };
    };
    responses: {
        /** @description Done; the tournament's version after it. */
        TournamentVersion: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["TournamentVersion"];
            };
        };
        /** @description An error (see `code`). */
        Problem: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description The table was closed and archived (`table/archived`, with `archivedAt`): its records left the live store and
         *     are no longer served (docs/operations.md "Closed tables are archived").
         */
        Gone: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description Too many requests from this client (`request/rate_limited`): a token bucket per principal (the bearer token)
         *     and one per source address. Wait `Retry-After` seconds (also `retryAfter` in the body). docs/operations.md.
         */
        RateLimited: {
            headers: {
                /** @description Seconds until the bucket holds a token again. */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description The store is at capacity (`request/throttled`; DynamoDB throttled the call after the SDK's own retries).
         *     Nothing was written; retry after `Retry-After` seconds with the same idempotency key. docs/capacity.md.
         */
        Throttled: {
            headers: {
                /** @description Seconds to wait before retrying. */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
    };
    parameters: {
        TableId: string;
        TournamentId: string;
        PlayerId: string;
        Deal: number;
        WebhookId: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service is up. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Throttled"];
        };
    };
    listVariants: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every registered variant. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VariantList"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Throttled"];
        };
    };
    getVariant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                variantId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The variant. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Variant"];
                };
            };
            404: components["responses"]["Problem"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Throttled"];
        };
    };
    listOpenTables: {
        parameters: {
            query?: {
                limit?: number;
                /** @description The `nextCursor` of the previous page, unchanged (opaque). Anything else is a 400 naming `cursor`. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Open tables. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TableList"];
                };
            };
            400: components["responses"]["Problem"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Throttled"];
        };
    };
    createTable: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTableRequest"];
            };
        };
        responses: {
            /** @description The table is open. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateTableResponse"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            413: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Throttled"];
        };
    };
    getTable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tableId: components["parameters"]["TableId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The table. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TableDetail"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            410: components["responses"]["Gone"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Throttled"];
        };
    };
    closeTable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tableId: components["parameters"]["TableId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Closed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VersionOnly"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            410: components["responses"]["Gone"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Throttled"];
        };
    };
    joinSeat: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tableId: components["parameters"]["TableId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["JoinRequest"];
            };
        };
        responses: {
            /** @description Seated. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JoinResponse"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            410: components["responses"]["Gone"];
            413: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Throttled"];
        };
    };
    leaveSeat: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tableId: components["parameters"]["TableId"];
                seat: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The seat is open. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            410: components["responses"]["Gone"];
            422: components["responses"]["Problem"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Throttled"];
        };
    };
    addBot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tableId: components["parameters"]["TableId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AddBotRequest"];
            };
        };
        responses: {
            /** @description The bot sits. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddBotResponse"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            410: components["responses"]["Gone"];
            413: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Throttled"];
        };
    };
    addSpectator: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tableId: components["parameters"]["TableId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A spectator token. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SpectatorResponse"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            410: components["responses"]["Gone"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Throttled"];
        };
    };
    act: {
        parameters: {
            query?: never;
            header?: {
                /** @description A retry with the same key (same seat, same body) returns the original outcome with `replayed = true` and writes nothing; the same key with another body is a 422 `request/idempotency_mismatch`. Keys are remembered for the current deal, and for ever by a retry that repeats its `expectedVersion`. */
                "Idempotency-Key"?: string;
            };
            path: {
                tableId: components["parameters"]["TableId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ActionRequest"];
            };
        };
        responses: {
            /** @description Accepted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActionResponse"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            /** @description Not now (`action/not_your_turn`, `deal/over`, …) or a lost race (`table/version_conflict` with `currentVersion`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            410: components["responses"]["Gone"];
            413: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Throttled"];
        };
    };
    actByText: {
        parameters: {
            query?: never;
            header?: {
                /** @description As for POST /actions; the key covers the text, the language and `expectedVersion`. */
                "Idempotency-Key"?: string;
            };
            path: {
                tableId: components["parameters"]["TableId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommandRequest"];
            };
        };
        responses: {
            /** @description Read and accepted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommandResponse"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            /** @description Not now (`action/not_your_turn`, `deal/over`, …) or a lost race (`table/version_conflict`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            410: components["responses"]["Gone"];
            413: components["responses"]["Problem"];
            /** @description `action/unclear` (the legal commands in `detail` and `commands`), or as for POST /actions. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Throttled"];
        };
    };
    getView: {
        parameters: {
            query?: {
                format?: "json" | "text";
                /** @description the language of `format=text`; without it the request's `Accept-Language` decides (its most preferred of German and English), and German when it names neither */
                lang?: "de" | "en";
                /** @description with `format=text` and `true`: under a finished deal's result, the strong bot's summary of its biggest mistakes (GET …/deals/{deal}/analysis, computed once); while a deal is being played only a line saying the analysis comes once it is over; nothing for a reader the deal's record is sealed to */
                analysis?: "true" | "false";
            };
            header?: {
                /** @description read by `format=text` when `lang` is absent (e.g. `en-US,en;q=0.9`) */
                "Accept-Language"?: string;
            };
            path: {
                tableId: components["parameters"]["TableId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The view. */
            200: {
                headers: {
                    /** @description with `format=text`, the table version the text shows */
                    "X-Table-Version"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ViewResponse"];
                    "text/plain": string;
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            410: components["responses"]["Gone"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Throttled"];
        };
    };
    getTrickOrder: {
        parameters: {
            query?: {
                game?: string;
                suit?: "E" | "G" | "H" | "S";
                card?: string;
                spiess?: "true" | "false";
            };
            header?: never;
            path: {
                tableId: components["parameters"]["TableId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The trick order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrickOrder"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["RateLimited"];
        };
    };
    listEvents: {
        parameters: {
            query?: {
                after?: number;
                limit?: number;
            };
            header?: never;
            path: {
                tableId: components["parameters"]["TableId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventsResponse"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            410: components["responses"]["Gone"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Throttled"];
        };
    };
    getRecord: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tableId: components["parameters"]["TableId"];
                deal: components["parameters"]["Deal"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecordResponse"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            410: components["responses"]["Gone"];
            429: components["responses"]["RateLimited"];
        };
    };
    getHint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tableId: components["parameters"]["TableId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The hint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tableId: string;
                        seat: components["schemas"]["Seat"];
                        dealNo: number;
                        version: number;
                        action: components["schemas"]["Action"];
                    };
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            410: components["responses"]["Gone"];
            429: components["responses"]["RateLimited"];
        };
    };
    getDealAnalysis: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tableId: components["parameters"]["TableId"];
                deal: components["parameters"]["Deal"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The analysis. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DealAnalysis"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            410: components["responses"]["Gone"];
            429: components["responses"]["RateLimited"];
        };
    };
    getFairness: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tableId: components["parameters"]["TableId"];
                deal: components["parameters"]["Deal"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Commitment (and seed). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Fairness"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            410: components["responses"]["Gone"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Throttled"];
        };
    };
    verifyDeal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tableId: components["parameters"]["TableId"];
                deal: components["parameters"]["Deal"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VerifyRequest"];
            };
        };
        responses: {
            /** @description The verdict. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerifyResponse"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            410: components["responses"]["Gone"];
            413: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Throttled"];
        };
    };
    scoreRecord: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GameRecord"];
            };
        };
        responses: {
            /** @description The settlement (or `complete = false` and whose turn it is). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScoreResult"];
                };
            };
            400: components["responses"]["Problem"];
            413: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Throttled"];
        };
    };
    listMyTournaments: {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organiser's tournaments. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TournamentList"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
        };
    };
    createTournament: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTournamentRequest"];
            };
        };
        responses: {
            /** @description The tournament. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateTournamentResponse"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            413: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
        };
    };
    seriesStandings: {
        parameters: {
            query: {
                /** @description comma-separated tournament ids */
                ids: string;
                /** @description N of "best N of M" (default: all) */
                best?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The series list. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        best: number;
                        tournaments: {
                            [key: string]: unknown;
                        }[];
                        standings: {
                            rank: number;
                            name: string;
                            results: (string | null)[];
                            counted: boolean[];
                            total: string;
                            played: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
        };
    };
    getTournament: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tournament. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tournament"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
        };
    };
    registerPlayer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegisterPlayerRequest"];
            };
        };
        responses: {
            /** @description The player. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegisterPlayerResponse"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
        };
    };
    checkIn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
                playerId: components["parameters"]["PlayerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["TournamentVersion"];
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
        };
    };
    withdraw: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
                playerId: components["parameters"]["PlayerId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["Reason"];
            };
        };
        responses: {
            200: components["responses"]["TournamentVersion"];
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
        };
    };
    myTables: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The player's tables. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MyTables"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
        };
    };
    tournamentEvents: {
        parameters: {
            query?: {
                after?: number;
                limit?: number;
            };
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Events with seq numbers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TournamentEvents"];
                };
            };
            400: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
        };
    };
    standings: {
        parameters: {
            query?: {
                lang?: "de" | "en";
            };
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The standings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Standings"];
                    "text/csv": string;
                    "text/html": string;
                };
            };
            400: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
        };
    };
    scoreSheet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
                round: number;
                table: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The score sheet. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScoreSheet"];
                    "text/csv": string;
                    "text/html": string;
                };
            };
            400: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
        };
    };
    substitutePlayer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
                playerId: components["parameters"]["PlayerId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description a registered player's id */
                    substitute: string;
                    /**
                     * @default substitute
                     * @enum {string}
                     */
                    creditTo?: "substitute" | "original";
                    fromDeal?: number;
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Where the substitute plays. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        version: number;
                        round: number;
                        table: number;
                        seat: number;
                        fromDeal: number;
                        /** @description a human substitute's token for this table */
                        seatToken?: string;
                    };
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
        };
    };
    publishDraw: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["Reason"];
            };
        };
        responses: {
            200: components["responses"]["TournamentVersion"];
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
        };
    };
    postponeTournament: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    startsAt: string;
                    reason?: string;
                };
            };
        };
        responses: {
            200: components["responses"]["TournamentVersion"];
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
        };
    };
    cancelTournament: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason: string;
                };
            };
        };
        responses: {
            200: components["responses"]["TournamentVersion"];
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
        };
    };
    endRound: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
                round: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["Reason"];
            };
        };
        responses: {
            200: components["responses"]["TournamentVersion"];
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
        };
    };
    finishTable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
                round: number;
                table: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["Reason"];
            };
        };
        responses: {
            200: components["responses"]["TournamentVersion"];
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
        };
    };
    enterDeal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
                round: number;
                table: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    deal: number;
                    entry: components["schemas"]["LiveEntry"];
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description The settled deal. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        version: number;
                        deal: number;
                        payout: number[];
                    };
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
        };
    };
    enterTotals: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
                round: number;
                table: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    totals: string[];
                    reason?: string;
                };
            };
        };
        responses: {
            200: components["responses"]["TournamentVersion"];
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
        };
    };
    submitSheet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
                round: number;
                table: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["TournamentVersion"];
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
        };
    };
    correctResult: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
                round: number;
                table: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    deal: number | null;
                    entry?: components["schemas"]["LiveEntry"];
                    totals?: string[];
                    reason: string;
                };
            };
        };
        responses: {
            200: components["responses"]["TournamentVersion"];
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
        };
    };
    seatingPlan: {
        parameters: {
            query?: {
                lang?: "de" | "en";
            };
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
                round: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A printable page (A4). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
        };
    };
    tableCards: {
        parameters: {
            query?: {
                lang?: "de" | "en";
            };
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
                round: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A printable page (A4). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
        };
    };
    roundSheets: {
        parameters: {
            query?: {
                lang?: "de" | "en";
            };
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
                round: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A printable page (A4). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
        };
    };
    tournamentCalendar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tournamentId: components["parameters"]["TournamentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description iCalendar (RFC 5545). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": string;
                };
            };
            400: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The registrations (never their secrets). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookList"];
                };
            };
            401: components["responses"]["Problem"];
            429: components["responses"]["RateLimited"];
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookRequest"];
            };
        };
        responses: {
            /** @description Registered. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookCreated"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            429: components["responses"]["RateLimited"];
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhookId: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The registration. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["RateLimited"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhookId: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["RateLimited"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhookId: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new secret (shown once). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookRotated"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["RateLimited"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: never;
            path: {
                webhookId: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deliveries. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["RateLimited"];
        };
    };
    redeliverWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhookId: components["parameters"]["WebhookId"];
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery with the new attempt. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["RateLimited"];
        };
    };
}
