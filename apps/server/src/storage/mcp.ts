// A user's MCP connections. Every read and write names the user, so one user's id never reaches another's row.
import { and, asc, count, eq, inArray } from "drizzle-orm"
import type { DB } from "./db.ts"
import { mcpConnections } from "./schema.ts"

export type McpConnectionRow = typeof mcpConnections.$inferSelect
export type McpConnectionInsert = typeof mcpConnections.$inferInsert

export async function listMcpConnections(db: DB, userId: string, ids?: string[]): Promise<McpConnectionRow[]> {
  const own = eq(mcpConnections.userId, userId)
  return db
    .select()
    .from(mcpConnections)
    .where(ids ? and(own, inArray(mcpConnections.id, ids)) : own)
    .orderBy(asc(mcpConnections.createdAt), asc(mcpConnections.id))
}

export async function findMcpConnection(db: DB, userId: string, id: string): Promise<McpConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(mcpConnections)
    .where(and(eq(mcpConnections.userId, userId), eq(mcpConnections.id, id)))
  return row
}

export async function countMcpConnections(db: DB, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(mcpConnections).where(eq(mcpConnections.userId, userId))
  return row?.n ?? 0
}

export async function insertMcpConnection(db: DB, row: McpConnectionInsert) {
  await db.insert(mcpConnections).values(row)
}

export async function updateMcpConnection(
  db: DB,
  userId: string,
  id: string,
  set: Partial<Omit<McpConnectionInsert, "id" | "userId">>,
): Promise<boolean> {
  const rows = await db
    .update(mcpConnections)
    .set(set)
    .where(and(eq(mcpConnections.userId, userId), eq(mcpConnections.id, id)))
    .returning({ id: mcpConnections.id })
  return rows.length > 0
}

export async function deleteMcpConnection(db: DB, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(mcpConnections)
    .where(and(eq(mcpConnections.userId, userId), eq(mcpConnections.id, id)))
    .returning({ id: mcpConnections.id })
  return rows.length > 0
}

/** The user's connection waiting for the OAuth authorization with this state (its SHA-256). */
export async function findMcpConnectionByState(
  db: DB,
  userId: string,
  stateHash: string,
): Promise<McpConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(mcpConnections)
    .where(and(eq(mcpConnections.userId, userId), eq(mcpConnections.oauthStateHash, stateHash)))
  return row
}
