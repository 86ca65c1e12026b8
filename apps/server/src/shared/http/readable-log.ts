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

/** Requests still running, remembered from their first line so the last one can name them. */
const MAX_OPEN_REQUESTS = 1000;

/**
 * A stream pino writes its JSON lines to, which prints them readable on `out`. Fastify logs each
 * request twice (received, completed); this prints one line when it completes, with its method,
 * address, status and duration.
 */
export function readableLogStream(
  out: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
): NodeJS.WritableStream {
  const colours = out.isTTY === true;
  const open = new Map<unknown, unknown>();
  const print = (json: string) => {
    const entry = parse(json);
    if (!entry) return out.write(`${json}\n`);
    if (entry.msg === 'incoming request' && entry.req && entry.reqId !== undefined) {
      if (open.size >= MAX_OPEN_REQUESTS) open.delete(open.keys().next().value);
      open.set(entry.reqId, entry.req);
      return;
    }
    if (entry.msg === 'request completed' && open.has(entry.reqId)) {
      entry.req = open.get(entry.reqId);
      open.delete(entry.reqId);
      delete entry.msg;
    }
    out.write(`${formatLogLine(entry, colours)}\n`);
  };
  return {
    write(chunk: string | Uint8Array) {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      for (const json of text.split('\n')) if (json) print(json);
      return true;
    },
  } as NodeJS.WritableStream;
}
