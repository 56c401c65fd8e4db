import { once } from "node:events";
import { finished as onFinished, type Readable } from "node:stream";
import { finished } from "node:stream/promises";
import pg, { type PoolClient } from "pg";
import { from as copyFrom, to as copyTo } from "pg-copy-streams";
import type { Transaction } from "@electric-sql/pglite";
import type { Db } from "./client";

// Bulk load with COPY (text format) inside a drizzle transaction: several times faster than INSERT
// for the demo's millions of rows. PostgreSQL streams through one COPY ... FROM STDIN (the rows
// are produced while the server stores the previous ones); PGlite, in this process, takes each
// chunk as a blob ('/dev/blob').

/** One value in COPY's text format: \N for null, backslash escapes for the separators. */
export function copyField(value: string | number | boolean | Date | null | undefined): string {
  if (value === null || value === undefined) return "\\N";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? "t" : "f";
  if (typeof value === "number") return String(value);
  return /[\\\t\n\r]/.test(value) ? value.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r") : value;
}

export interface CopyWriter {
  /**
   * Adds one row (its values in the column order given to openCopy). Returns a promise, to be
   * awaited, only when a chunk went to the database (most rows just join the current chunk).
   */
  row(values: readonly (string | number | boolean | Date | null | undefined)[]): Promise<void> | undefined;
  /** Sends what is left and waits until the database stored every row (its error, if any, is thrown). */
  end(): Promise<void>;
}

/** The driver's connection behind a drizzle transaction (drizzle keeps it in a private field). */
function clientOf(tx: Db): PoolClient | Transaction {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client) throw new Error("COPY: conexão do banco não encontrada na transação.");
  return client as PoolClient | Transaction;
}
const isPglite = (client: PoolClient | Transaction): client is Transaction => typeof (client as Transaction).exec === "function";

/** Chunks of about this many characters go to the database at once. */
const CHUNK = 4 * 1024 * 1024;

/** Opens a COPY into `table` (`columns` are trusted identifiers, never user input). */
export async function openCopy(tx: Db, table: string, columns: readonly string[]): Promise<CopyWriter> {
  const client = clientOf(tx);
  const target = `${table} (${columns.join(", ")})`;
  let lines: string[] = [];
  let size = 0;

  if (isPglite(client)) {
    const send = async () => {
      if (!lines.length) return;
      const blob = new Blob([lines.join("")]);
      lines = [];
      size = 0;
      await client.query(`copy ${target} from '/dev/blob'`, [], { blob });
    };
    return {
      row(values) {
        const line = `${values.map(copyField).join("\t")}\n`;
        lines.push(line);
        size += line.length;
        return size >= CHUNK ? send() : undefined;
      },
      end: send,
    };
  }

  const stream = client.query(copyFrom(`copy ${target} from stdin`));
  // Rejects as soon as the server refuses a row; awaited by end() (and raced while waiting for drain).
  const done = finished(stream);
  done.catch(() => undefined);
  const send = async () => {
    if (!lines.length) return;
    const chunk = lines.join("");
    lines = [];
    size = 0;
    if (!stream.write(chunk)) await Promise.race([once(stream, "drain"), done]);
  };
  return {
    row(values) {
      const line = `${values.map(copyField).join("\t")}\n`;
      lines.push(line);
      size += line.length;
      return size >= CHUNK / 4 ? send() : undefined;
    },
    async end() {
      await send();
      stream.end();
      await done;
    },
  };
}

/**
 * On PostgreSQL, runs `statement` (a `COPY ... TO STDOUT`) on a connection of its own and streams
 * what it writes; null on PGlite (which has no streaming COPY out). The connection goes back to
 * the pool when the stream ends, and is discarded if the stream is destroyed half-way (a client
 * that went away): it would still be in the middle of the COPY.
 */
export async function copyOut(db: Db, statement: string): Promise<{ stream: Readable; rowCount: () => number } | null> {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return null;
  const client = await pool.connect();
  // A long read: its own read-only transaction, where the requests' statement timeout is lifted.
  try {
    await client.query("begin read only");
    await client.query("set local statement_timeout = 0");
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  const stream = client.query(copyTo(statement));
  let ended = false;
  stream.once("end", () => (ended = true));
  onFinished(stream, (error) => {
    // Released with an error, the connection is closed (its transaction with it); otherwise it ends cleanly.
    if (error || !ended) client.release(error ?? new Error("COPY interrompido"));
    else
      client.query("commit").then(
        () => client.release(),
        (failure: Error) => client.release(failure),
      );
  });
  return { stream, rowCount: () => stream.rowCount };
}
