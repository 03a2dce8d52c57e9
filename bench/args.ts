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
