import { infiniteQueryOptions, type UseInfiniteQueryResult, type InfiniteData } from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import type { Page } from "@shared/schemas/common";
import { api, type Answer, type Path, type Query } from "./api";

export const PAGE_SIZE = 50;

/**
 * A list endpoint that answers `{ rows, total, next }`, as one infinite query: the UI shows one
 * list and loads the next page as the user scrolls. Each page starts after the previous page's
 * last row (`after` = its `next` cursor), so rows added or removed meanwhile neither repeat nor
 * skip rows; `next` null means there is no more.
 */
export function pagedQueryOptions<P extends PagedPath>(queryKey: readonly unknown[], path: P, params: Filters<P>) {
  // The call's types are the route's own (a generic path is beyond openapi-fetch's inference).
  const get = api.GET as unknown as (path: P, init: { params: { query: object }; signal: AbortSignal }) => Promise<Answer<"get", P> & Page<unknown>>;
  return infiniteQueryOptions({
    queryKey: [...queryKey, params],
    queryFn: ({ pageParam, signal }) => get(path, { params: { query: { ...params, limit: PAGE_SIZE, ...(pageParam ? { after: pageParam } : {}) } }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Answer<"get", P> & Page<unknown>) => last.next ?? undefined,
  });
}

/** The GET routes answering a page (`{ rows, total, next }`). */
type PagedPath = { [P in Path<"get">]: Answer<"get", P> extends Page<{ id: string }> ? P : never }[Path<"get">];
/** A paged route's filters: its query parameters but the paging ones. */
type Filters<P extends PagedPath> = Omit<Query<P>, "limit" | "after" | "offset">;

/** The loaded rows, each once (a row edited between fetches can move into a later page), and the total. */
export function usePagedRows<T extends { id: string }>(data: InfiniteData<Page<T>> | undefined) {
  return useMemo(() => {
    const seen = new Set<string>();
    const rows: T[] = [];
    for (const page of data?.pages ?? []) {
      for (const row of page.rows) {
        if (!seen.has(row.id)) {
          seen.add(row.id);
          rows.push(row);
        }
      }
    }
    return { rows, total: data?.pages.at(-1)?.total ?? 0 };
  }, [data]);
}

/** A sentinel ref: when it scrolls near the viewport, the next page is fetched (unless `paused`: then only on request). */
export function useInfiniteScroll(query: Pick<UseInfiniteQueryResult, "hasNextPage" | "isFetchingNextPage" | "fetchNextPage" | "isError">, paused = false) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = query;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || isError || paused) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, isError, paused]);
  return sentinel;
}
