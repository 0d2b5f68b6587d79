import type { Session, SessionData } from 'express-session';

declare module 'express-session' {
  interface SessionData {
    /** Orders placed in this visitor session: only they may be paid or polled from it. */
    orderIds?: number[];
  }
}

type VisitorSession = (Session & Partial<SessionData>) | undefined;

export function rememberOrder(session: VisitorSession, orderId: number): void {
  if (!session) return;
  session.orderIds = [...(session.orderIds ?? []).filter((id) => id !== orderId), orderId].slice(-20);
}

export function sessionOwnsOrder(session: VisitorSession, orderId: number): boolean {
  return !!session?.orderIds?.includes(orderId);
}
