import { styleText } from 'node:util';

/** pino's numeric levels and how a development console shows them. */
const LEVELS: Record<number, { name: string; colour: Parameters<typeof styleText>[0] }> = {
  10: { name: 'TRACE', colour: 'gray' },
  20: { name: 'DEBUG', colour: 'gray' },
  30: { name: 'INFO ', colour: 'green' },
  40: { name: 'WARN ', colour: 'yellow' },
  50: { name: 'ERROR', colour: 'red' },
  60: { name: 'FATAL', colour: 'magenta' },
};

/** Fields every line has, or that the line's head already shows. */
const SHOWN = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'req',
  'res',
  'responseTime',
  'err',
]);

const pad = (value: number) => String(value).padStart(2, '0');

/** How long request lines may wait under load, so that they go out a few per write. */
export const REQUEST_LINES_DELAY_MS = 100;

const fieldValue = (value: unknown) =>
  typeof value === 'string' && !/\s/.test(value) ? value : JSON.stringify(value);

type LogEntry = Record<string, unknown>;

const parse = (json: string): LogEntry | null => {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' ? (value as LogEntry) : null;
  } catch {
    return null;
  }
};

/**
 * One pino JSON line as a line a developer reads:
 * `12:05:09 INFO  GET /api/v2/other/config → 200 (3 ms) [req-1]`, then the other fields as
 * `key=value` and an error's stack on the following lines. The JSON line has already been through
 * pino's redaction, so credentials stay `[REDACTED]` here too.
 */
export function formatLogLine(line: string | LogEntry, colours = false): string {
  const entry = typeof line === 'string' ? parse(line) : line;
  if (!entry) return String(line);
  const paint = (colour: Parameters<typeof styleText>[0], text: string) =>
    colours ? styleText(colour, text) : text;
  const time = new Date(typeof entry.time === 'number' ? entry.time : Date.now());
  const level = LEVELS[Number(entry.level)] ?? { name: String(entry.level), colour: 'white' };
  const parts = [
    paint('gray', `${pad(time.getHours())}:${pad(time.getMinutes())}:${pad(time.getSeconds())}`),
    paint(level.colour, level.name),
    typeof entry.msg === 'string' ? entry.msg : '',
  ];
  const req = entry.req as { method?: string; url?: string } | undefined;
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`);
  const res = entry.res as { statusCode?: number } | undefined;
  if (res?.statusCode !== undefined) parts.push(`→ ${res.statusCode}`);
  if (typeof entry.responseTime === 'number') parts.push(`(${Math.round(entry.responseTime)} ms)`);
  if (entry.reqId !== undefined) parts.push(paint('gray', `[${String(entry.reqId)}]`));
  for (const [key, value] of Object.entries(entry))
    if (!SHOWN.has(key) && value !== undefined) parts.push(`${key}=${fieldValue(value)}`);
  let text = parts.filter(Boolean).join(' ');
  const err = entry.err as { stack?: string; message?: string } | undefined;
  if (err) text += `\n${paint('red', err.stack ?? err.message ?? JSON.stringify(err))}`;
  return text;
}

/** Colour of a request line's status: refusals and errors stand out. */
const statusColour = (status: number): Parameters<typeof styleText>[0] =>
  status >= 500 ? 'red' : status >= 400 ? 'yellow' : 'green';

/**
 * Where a development server's log goes: pino's JSON lines (warnings, errors, jobs) printed
 * readable, and one line per answered request written straight from the request (no JSON round
 * trip, see `RequestLogController`). A line is written at once when the server is idle; under load
 * request lines are gathered for up to `REQUEST_LINES_DELAY_MS` and written together (a write per
 * request line cost several µs of a ~50 µs answer). pino's lines (warnings, errors) are never held:
 * each goes out at once, after the request lines before it.
 */
export class ReadableLog {
  private readonly colours: boolean;
  private pending: string[] = [];
  private holding = false;
  /** The `HH:MM:SS` of the current second, made once a second rather than once a line. */
  private clock = { second: -1, text: '' };

  constructor(private readonly out: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout) {
    this.colours = out.isTTY === true;
  }

  /** pino writes here: JSON lines, printed readable. */
  write(chunk: string | Uint8Array): boolean {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    for (const json of text.split('\n')) if (json) this.pending.push(formatLogLine(json, this.colours));
    this.writePending();
    return true;
  }

  /**
   * `12:05:09 INFO  GET /api/v2/other/config → 200 (3 ms) [req-1]`. The address must already be
   * redacted (`redactUrl`).
   */
  request(method: string, url: string, status: number, milliseconds: number, requestId: string): void {
    const head = this.timeOfDay();
    const tail = `[${requestId}]`;
    this.pending.push(
      this.colours
        ? `${styleText('gray', head)} ${styleText('green', 'INFO ')} ${method} ${url} ${styleText(statusColour(status), `→ ${status}`)} (${Math.round(milliseconds)} ms) ${styleText('gray', tail)}`
        : `${head} INFO  ${method} ${url} → ${status} (${Math.round(milliseconds)} ms) ${tail}`,
    );
    if (this.holding) return;
    // Idle: this line now, and hold the next ones a moment in case more follow.
    this.writePending();
    this.holding = true;
    setTimeout(this.release, REQUEST_LINES_DELAY_MS);
  }

  private timeOfDay(): string {
    const now = Date.now();
    const second = Math.floor(now / 1000);
    if (second !== this.clock.second) {
      const time = new Date(now);
      this.clock = {
        second,
        text: `${pad(time.getHours())}:${pad(time.getMinutes())}:${pad(time.getSeconds())}`,
      };
    }
    return this.clock.text;
  }

  private writePending(): void {
    if (this.pending.length === 0) return;
    const lines = this.pending;
    this.pending = [];
    this.out.write(`${lines.join('\n')}\n`);
  }

  /** The end of a hold: what gathered goes out, and the next hold starts only if something did. */
  private readonly release = (): void => {
    if (this.pending.length === 0) {
      this.holding = false;
      return;
    }
    this.writePending();
    setTimeout(this.release, REQUEST_LINES_DELAY_MS);
  };
}

/** The readable log of a development server, as a stream pino can write to. */
export function readableLogStream(
  out: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
): ReadableLog & NodeJS.WritableStream {
  return new ReadableLog(out) as ReadableLog & NodeJS.WritableStream;
}
