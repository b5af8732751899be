import type { QueryClient } from '@tanstack/react-query';

/**
 * After a change to a resource, its lists are read again. A load still in flight (a filter applied
 * just before) began before the change: it is dropped, not taken as the answer (TanStack Query would
 * join it for a query that has no data yet instead of fetching again).
 */
export async function relerListas(qc: QueryClient, base: string) {
  await qc.cancelQueries({ queryKey: ['lista', base] });
  await qc.invalidateQueries({ queryKey: ['lista', base] });
}
