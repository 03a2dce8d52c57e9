import { type AnyVariant, type Layout, Rng, type Seat, asSeat, getVariant } from '../engine/index.js';
import { type Bot, type BotBudget, type BotDeal, playBotDeal } from '../engine/bots/index.js';

/** The benchmarks' command line: `--name value` options and bare `--flag`s (after the script's name). */
const argv = process.argv.slice(2);

/** The value after `--name`, else `fallback`. */
export function arg(name: string, fallback: string): string {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? (argv[i + 1] ?? fallback) : fallback;
}

/** Whether `--name` was given. */
export function hasFlag(name: string): boolean {
  return argv.includes(`--${name}`);
}

/** One table of a `--only variant:seats,…` list: the variant, its default options, and the seats dealt in. */
export interface BenchTable {
  readonly id: string;
  readonly variant: AnyVariant;
  readonly seats: number;
  readonly options: unknown;
  /** Seats dealt in (a Mehrkopf table of 7 deals to 6). */
  readonly players: number;
}

/** The tables of `--only` (e.g. `mehrkopf:5,sheepshead:7`), else of `fallback`; an unknown variant throws. */
export function tablesArg(fallback: string): BenchTable[] {
  return arg('only', fallback)
    .split(',')
    .map((config) => {
      const [id = '', p] = config.split(':');
      const seats = Number(p);
      const variant = getVariant(id);
      if (variant === undefined) throw new Error(`unknown variant ${id}`);
      const options = variant.resolveOptions(undefined, {}, seats);
      return { id, variant, seats, options, players: variant.participants(options, seats, asSeat(seats - 1)).length };
    });
}

/** Deal `d` of a seeded run of `table`: its seed (the next of `seeds`), its dealer (the seats in turn), its layout. */
export function seededDeal(
  table: BenchTable,
  seeds: Rng,
  d: number,
): { readonly dealSeed: number; readonly dealer: Seat; readonly layout: Layout } {
  const { variant, options, players: n } = table;
  const dealSeed = seeds.next();
  const dealer = asSeat(d % n);
  return {
    dealSeed,
    dealer,
    layout: variant.deal(options, n, dealer, new Rng(dealSeed).shuffle(variant.deck(options, n))),
  };
}

/** `bot` in every seat of a seeded deal; each decision's randomness from the deal's seed, the seat and a counter. */
export function playSeeded(
  table: BenchTable,
  deal: ReturnType<typeof seededDeal>,
  bot: Bot,
  budget: BotBudget,
): BotDeal {
  const { variant, options, players: n } = table;
  let counter = 0;
  return playBotDeal(
    variant,
    options,
    n,
    deal.dealer,
    deal.layout,
    Array.from({ length: n }, () => bot),
    (seat) => ({
      rng: new Rng(`${deal.dealSeed}:${seat}:${counter++}`),
      budget,
    }),
  );
}
