/**
 * One log line in the shape of the server's logger (pino: `level` as its number, `time` in epoch milliseconds, `msg`),
 * for the few places that run without the app's logger: the database driver's connection errors when openDb was given
 * no logger (scripts, benches, tests) and a start-up that failed before the app (and its logger) existed. Every line
 * the server writes stays one JSON object, whatever wrote it.
 */
const LEVELS = { warn: 40, error: 50, fatal: 60 } as const;

export interface WarnLogger {
  warn: (obj: object, msg: string) => void;
}

/** An Error as pino's standard serialiser writes it (type, message, stack, code). */
function serialise(value: unknown): unknown {
  if (!(value instanceof Error)) return value;
  const code = (value as { code?: unknown }).code;
  return { type: value.name, message: value.message, stack: value.stack, ...(code !== undefined ? { code } : {}) };
}

export function jsonLog(level: keyof typeof LEVELS, obj: Record<string, unknown>, msg: string, out: NodeJS.WritableStream = process.stderr) {
  const fields = Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, serialise(v)]));
  out.write(`${JSON.stringify({ level: LEVELS[level], time: Date.now(), pid: process.pid, ...fields, msg })}\n`);
}

/** A logger with warn() for code that may run without the app's. */
export const fallbackLogger: WarnLogger = { warn: (obj, msg) => jsonLog('warn', obj as Record<string, unknown>, msg) };
